"use client";

import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Link from "@/components/navigation/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { ImportDetail } from "@/components/import-export/import-detail";
import { ImportHistory } from "@/components/import-export/import-history";
import { ImportUpload } from "@/components/import-export/import-upload";
import { OrganizationPicker } from "@/components/organizations/organization-picker";

/**
 * The user import: upload (then the import opens at ?id=, so a reload or a later visit shows it again),
 * or the history. The superadmin on the apex first chooses the organization (`choosesOrganization`).
 */
export function ImportPage({ choosesOrganization }: { choosesOrganization: boolean }) {
  const router = useRouter();
  const id = useSearchParams().get("id");
  const [organizationId, setOrganizationId] = useState(choosesOrganization ? "" : undefined);
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
      {choosesOrganization && (
        <Box sx={{ maxWidth: 360 }}>
          <OrganizationPicker id={organizationId} onChange={setOrganizationId} />
        </Box>
      )}
      <ImportUpload
        organizationId={organizationId}
        onUploaded={(imp) => router.push(`/admin/import-export/import?id=${imp.id}`)}
      />
      <Typography variant="h6" component="h2">
        History
      </Typography>
      <ImportHistory />
    </Stack>
  );
}
