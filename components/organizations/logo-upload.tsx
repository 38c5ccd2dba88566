"use client";

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { NoticeState } from "@/components/feedback/notice";
import { FilePickButton } from "@/components/forms/file-pick-button";
import type { OrganizationAdmin } from "@/components/organizations/types";
import { apiDelete, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

/**
 * The organization's logo: the current one (or the default) at the top bar's 118×40, an upload and a
 * removal. Logos are served on their organization's host and on the apex alike.
 */
export function LogoUpload({
  organization,
  onSaved,
  onNotice,
}: {
  organization: OrganizationAdmin;
  onSaved: (o: OrganizationAdmin) => void;
  onNotice: (n: NoticeState) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<OrganizationAdmin>, done: string) => {
    setBusy(true);
    try {
      onSaved(await action());
      onNotice({ severity: "success", message: done });
    } catch (e) {
      onNotice({ severity: "error", message: failureMessage(e, "The logo could not be changed") });
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => {
    const body = new FormData();
    body.set("logo", file);
    void run(
      () => apiPut<OrganizationAdmin>(`/api/admin/organizations/${organization.id}/logo`, body),
      "Logo uploaded.",
    );
  };
  const logo = organization.branding.logoUrl;
  return (
    <Box component="section" aria-label="Logo">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        Logo
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        JPEG, PNG, WebP or GIF up to 2 MB, fitted into the top bar&apos;s 118×40 box.
      </Typography>
      <Box sx={{ display: "inline-flex", p: 1, border: 1, borderColor: "divider", borderRadius: 1, mb: 1 }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded file, already sized */}
        <img
          src={logo ?? "/logo.svg"}
          alt={`${organization.name} logo`}
          width={118}
          height={40}
          style={{ objectFit: "contain" }}
        />
      </Box>
      {busy && <LinearProgress sx={{ mb: 1 }} />}
      <Stack direction="row" spacing={1}>
        <FilePickButton
          label="Upload logo"
          accept="image/jpeg,image/png,image/webp,image/gif"
          onPick={upload}
          disabled={busy}
        />
        {logo && (
          <Button
            onClick={() =>
              void run(
                () => apiDelete<OrganizationAdmin>(`/api/admin/organizations/${organization.id}/logo`),
                "Logo removed.",
              )
            }
            disabled={busy}
          >
            Remove logo
          </Button>
        )}
      </Stack>
    </Box>
  );
}
