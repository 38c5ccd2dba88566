import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import type { ReactNode } from "react";

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
 * data without controls.
 */
export function ReadOnlyNotice({
  what = "what this page shows",
  managedBy = "your organization's administrators",
  children,
}: ReadOnlyNoticeProps) {
  return (
    <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mb: 3 }} data-testid="read-only-notice">
      <AlertTitle>Read-only</AlertTitle>
      Only {managedBy} can change {what}.{children ? <> {children}</> : null}
    </Alert>
  );
}
