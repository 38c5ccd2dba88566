import type { ReactNode } from "react";
import styles from "@/components/shell/shell.module.css";

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons for the page as a whole (e.g. 'Create course'); they wrap under the title on small screens. */
  actions?: ReactNode;
}

/** The page's h1, so every page has exactly one and they all look alike. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <div className={styles.pageHeader}>
      <div className={styles.pageHeaderText}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {subtitle && <p className={styles.pageSubtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.pageActions}>{actions}</div>}
    </div>
  );
}
