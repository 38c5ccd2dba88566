"use client";

import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { ImportDetail } from "@/components/import-export/import-detail";
import { ImportHistory } from "@/components/import-export/import-history";
import { ImportUpload } from "@/components/import-export/import-upload";

/**
 * The user import: upload (then the import opens at ?id=, so a reload or a later visit shows it again),
 * or the history. The superadmin first chooses the organization (`organizations`, on the apex).
 */
export function ImportPage({ organizations }: { organizations: { id: string; name: string }[] | null }) {
  const router = useRouter();
  const id = useSearchParams().get("id");
  const [organizationId, setOrganizationId] = useState(organizations ? "" : undefined);
  if (id) {
    return (
      <Stack spacing={2}>
        <Link href="/admin/import-export/import">← All imports</Link>
        <ImportDetail importId={id} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      {organizations && (
        <TextField select size="small" label="Organization" value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} sx={{ maxWidth: 360 }}>
          {organizations.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ImportUpload organizationId={organizationId} onUploaded={(imp) => router.push(`/admin/import-export/import?id=${imp.id}`)} />
      <Typography variant="h6" component="h2">
        History
      </Typography>
      <ImportHistory />
    </Stack>
  );
}
