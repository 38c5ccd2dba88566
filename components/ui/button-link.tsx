import Link from "@/components/navigation/link";
import type { ReactNode } from "react";
import { ButtonLabel, buttonClasses, type ButtonSize } from "./button";
import type { IconName } from "./icon";

export interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  /** An icon before the label, as MUI's startIcon. */
  icon?: IconName;
  variant?: "contained" | "outlined";
  size?: Exclude<ButtonSize, "small">;
  className?: string;
  /** A plain <a>: the browser loads the page afresh (no client navigation, no client state kept). */
  fullLoad?: boolean;
  /** A file to save rather than a page to open (a plain <a download>, as MUI's Button with href and download). */
  download?: boolean;
}

/** A link that looks like MUI's Button, drawn without runtime styles (usable on the server). */
export function ButtonLink({
  href,
  children,
  icon,
  variant = "contained",
  size = "medium",
  className,
  fullLoad,
  download,
}: ButtonLinkProps) {
  const classes = buttonClasses(variant, size, false, className);
  const content = (
    <ButtonLabel icon={icon} size={size}>
      {children}
    </ButtonLabel>
  );
  if (fullLoad || download)
    return (
      <a href={href} className={classes} download={download || undefined}>
        {content}
      </a>
    );
  return (
    <Link href={href} className={classes}>
      {content}
    </Link>
  );
}
