"use client";

import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ImportFileUpload } from "@/components/import-export/import-file-upload";
import { MAX_IMPORT_BYTES } from "@/lib/schemas/imports";
import type { ImportJson } from "@/lib/server/imports/serialize";

/** Choose a CSV and upload it (a progress bar while it is sent); then the import opens. */
export function ImportUpload({
  organizationId,
  onUploaded,
}: {
  organizationId?: string;
  onUploaded: (imp: ImportJson) => void;
}) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        A CSV file (UTF-8 or Windows-1252; comma, semicolon or tab) of up to 100,000 rows and 50 MB. Its first line
        names the columns: email, first_name, last_name, username, role, password, groups, courses, status (others can
        be mapped next). Nothing changes until you have seen the dry run and started the import.
      </Typography>
      <ImportFileUpload<ImportJson>
        url={`/api/admin/imports${organizationId ? `?organization_id=${organizationId}` : ""}`}
        accept=".csv,text/csv,text/plain"
        inputLabel="CSV file"
        testId="import-file-input"
        buttonLabel="Upload CSV"
        disabled={organizationId === ""}
        maxBytes={MAX_IMPORT_BYTES}
        tooLarge="The file is larger than 50 MB: split it into smaller files"
        onUploaded={onUploaded}
      />
    </Stack>
  );
}
