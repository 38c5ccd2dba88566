"use client";

import EngineeringIcon from "@mui/icons-material/Engineering";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useTenantBranding } from "@/components/shell/tenant-branding";

/** The maintenance notices (the platform's, the organization's) every page of a host shows at its top. */
export function MaintenanceBanner() {
  const { notices } = useTenantBranding();
  if (notices.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Maintenance notices" component="section">
      {notices.map((notice) => (
        <Alert key={notice} severity="warning" icon={<EngineeringIcon />} data-testid="maintenance-notice">
          {notice}
        </Alert>
      ))}
    </Stack>
  );
}
