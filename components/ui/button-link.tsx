import Link from "next/link";
import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";
import styles from "./ui.module.css";

export interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  /** An icon before the label, as MUI's startIcon. */
  icon?: IconName;
  className?: string;
  /** A plain <a>: the browser loads the page afresh (no client navigation, no client state kept). */
  fullLoad?: boolean;
}

/** A link that looks like MUI's contained button, drawn without runtime styles (usable on the server). */
export function ButtonLink({ href, children, icon, className, fullLoad }: ButtonLinkProps) {
  const classes = className ? `${styles.button} ${className}` : styles.button;
  const content = (
    <>
      {icon && (
        <span className={styles.buttonStartIcon}>
          <Icon name={icon} size={20} />
        </span>
      )}
      {children}
    </>
  );
  if (fullLoad)
    return (
      <a href={href} className={classes}>
        {content}
      </a>
    );
  return (
    <Link href={href} className={classes}>
      {content}
    </Link>
  );
}
