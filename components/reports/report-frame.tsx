import { Suspense, type ReactNode } from "react";
import styles from "@/components/reports/report-parts.module.css";

export interface ReportFrameProps {
  /** The view's own heading (an h2: the page's h1 is the layout's "Reports"). */
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A report view below the layout's tabs and filters: its heading, then the view. */
export function ReportFrame({ title, subtitle, actions, children }: ReportFrameProps) {
  return (
    <>
      <div className={styles.frameHeader}>
        <div className={styles.frameTitles}>
          <h2 className={styles.frameTitle}>{title}</h2>
          {subtitle && <p className={styles.muted}>{subtitle}</p>}
        </div>
        {actions}
      </div>
      <Suspense>{children}</Suspense>
    </>
  );
}
