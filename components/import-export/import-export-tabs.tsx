"use client";

import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Link from "@/components/navigation/link";

export type ImportExportSection = "overview" | "import" | "export";

/** Import / Export's pages: the landing page, the CSV user import and the exports. */
export function ImportExportTabs({ current }: { current: ImportExportSection }) {
  return (
    <Tabs value={current} aria-label="Import and export" sx={{ mb: 3, borderBottom: 1, borderColor: "divider" }}>
      <Tab value="overview" label="Overview" component={Link} href="/admin/import-export" />
      <Tab value="import" label="Import" component={Link} href="/admin/import-export/import" />
      <Tab value="export" label="Export" component={Link} href="/admin/import-export/export" />
    </Tabs>
  );
}
