import Alert, { type AlertColor } from "@mui/material/Alert";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/shell/page-header";

/** A course's page that has nothing to show the caller: the course's title, and why. */
export function CourseNotice({
  title,
  severity = "warning",
  children = "You can only edit courses you teach.",
}: {
  title: string;
  severity?: AlertColor;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Alert severity={severity}>{children}</Alert>
    </>
  );
}
