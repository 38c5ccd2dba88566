import type { ReactNode } from "react";
import styles from "@/components/shell/empty-state.module.css";
import { ButtonLink } from "@/components/ui/button-link";
import { Icon } from "@/components/ui/icon";

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** A decorative icon element; an inbox when omitted. */
  icon?: ReactNode;
  action?: { label: string; href: string };
}

/** A friendly placeholder for lists with nothing in them yet. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <div aria-hidden className={styles.icon}>
        {icon ?? <Icon name="inbox" size={48} />}
      </div>
      <h2 className={styles.title}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      {action && (
        <ButtonLink href={action.href} className={styles.action}>
          {action.label}
        </ButtonLink>
      )}
    </div>
  );
}
