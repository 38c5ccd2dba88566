import type { ReactNode } from "react";
import { ImportExportTabs, type ImportExportSection } from "@/components/import-export/import-export-tabs";
import { PageHeader } from "@/components/shell/page-header";
import { ReadOnlyNotice } from "@/components/shell/read-only-notice";

export interface ImportExportPageProps {
  current: ImportExportSection;
  /** The caller holds `import-export:use` (admin, superadmin); others see why they cannot, and no controls. */
  canUse: boolean;
  subtitle?: string;
  children: ReactNode;
}

/**
 * The frame of every /admin/import-export page: the title, the tabs and, for the roles the route table
 * lets in without the permission (instructors, org admins), the read-only explanation instead of the page's
 * controls (docs/permissions.md, "Read-only admin pages"). The server refuses their requests all the same.
 */
export function ImportExportPage({ current, canUse, subtitle, children }: ImportExportPageProps) {
  return (
    <>
      <PageHeader title="Import / Export" subtitle={subtitle} />
      <ImportExportTabs current={current} />
      {canUse ? (
        children
      ) : (
        <ReadOnlyNotice what="the organization's data in bulk" managedBy="administrators">
          They import people from a CSV file and export users, courses, enrollments, group memberships, SCORM results
          and certificates here. Ask one of them for a file you need.
        </ReadOnlyNotice>
      )}
    </>
  );
}
