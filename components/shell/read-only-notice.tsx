import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import styles from "./read-only-notice.module.css";

export interface ReadOnlyNoticeProps {
  /** What the reader sees and cannot change, e.g. "these settings". */
  what?: string;
  /** Who may change it, e.g. "administrators". */
  managedBy?: string;
  /** What the reader can do here instead, or why they see it at all. */
  children?: ReactNode;
}

/**
 * The one way an admin page says "you may look, not change": the route table lets a role open the page
 * (the spec's route list) while its permissions do not let it write, and the server refuses every write
 * with a 403 (docs/permissions.md, "Read-only admin pages"). Put it first on the page and render the
 * data without controls. Drawn without runtime styles, so it fits pages with MUI and without.
 */
export function ReadOnlyNotice({
  what = "what this page shows",
  managedBy = "your organization's administrators",
  children,
}: ReadOnlyNoticeProps) {
  return (
    <Alert severity="info" icon="lock" title="Read-only" className={styles.notice} data-testid="read-only-notice">
      Only {managedBy} can change {what}.{children ? <> {children}</> : null}
    </Alert>
  );
}
