"use client";

import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Link from "next/link";

/** System Settings' two pages: the settings and, for the organization's administrators, the audit log. */
export function SettingsTabs({ current, showAuditLog }: { current: "settings" | "audit"; showAuditLog: boolean }) {
  if (!showAuditLog) return null;
  return (
    <Tabs value={current} aria-label="System settings" sx={{ mb: 3, borderBottom: 1, borderColor: "divider" }}>
      <Tab value="settings" label="Settings" component={Link} href="/admin/settings" />
      <Tab value="audit" label="Audit log" component={Link} href="/admin/settings/audit" />
    </Tabs>
  );
}
