"use client";

import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { LogoUpload } from "@/components/organizations/logo-upload";
import { OrganizationForm } from "@/components/organizations/organization-form";
import type { OrganizationAdmin } from "@/components/organizations/types";

/**
 * One organization's name, branding and self-registration: an admin's own organization (the page
 * refreshes so the new logo and colour show in the top bar at once), or one the superadmin edits.
 */
export function OrganizationEditor({
  initial,
  onChanged,
}: {
  initial: OrganizationAdmin;
  onChanged?: (o: OrganizationAdmin) => void;
}) {
  const router = useRouter();
  const [organization, setOrganization] = useState(initial);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const saved = (next: OrganizationAdmin) => {
    setOrganization(next);
    onChanged?.(next);
    router.refresh();
  };
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <LogoUpload organization={organization} onSaved={saved} onNotice={setNotice} />
      <Divider sx={{ my: 3 }} />
      <OrganizationForm organization={organization} onSaved={saved} onNotice={setNotice} />
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </Paper>
  );
}
