"use client";

import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { ImportProgressBar } from "@/components/import-export/import-progress";
import { MAX_IMPORT_BYTES } from "@/lib/schemas/imports";
import type { ImportJson } from "@/lib/server/imports/serialize";
import { formOf, uploadWithProgress } from "@/lib/client/upload";

const upload = (file: File, query: string, onProgress: (sent: number) => void) =>
  uploadWithProgress<ImportJson>({ method: "POST", url: `/api/admin/imports${query}`, ...formOf(file, onProgress) });

/** Choose a CSV and upload it (a progress bar while it is sent); then the import opens. */
export function ImportUpload({
  organizationId,
  onUploaded,
}: {
  organizationId?: string;
  onUploaded: (imp: ImportJson) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<{ name: string; size: number; sent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    if (file.size > MAX_IMPORT_BYTES) return setError("The file is larger than 50 MB: split it into smaller files");
    setSending({ name: file.name, size: file.size, sent: 0 });
    try {
      const query = organizationId ? `?organization_id=${organizationId}` : "";
      onUploaded(await upload(file, query, (sent) => setSending((s) => (s ? { ...s, sent } : s))));
    } catch (e) {
      setError(e instanceof Error ? e.message : "The upload failed");
    } finally {
      setSending(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        A CSV file (UTF-8 or Windows-1252; comma, semicolon or tab) of up to 100,000 rows and 50 MB. Its first line
        names the columns: email, first_name, last_name, username, role, password, groups, courses, status (others can
        be mapped next). Nothing changes until you have seen the dry run and started the import.
      </Typography>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        aria-label="CSV file"
        data-testid="import-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <div>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={Boolean(sending) || organizationId === ""}
          onClick={() => input.current?.click()}
        >
          Upload CSV
        </Button>
      </div>
      {sending && (
        <ImportProgressBar
          label={`Uploading ${sending.name}`}
          done={Math.round(sending.sent / 1024)}
          total={Math.max(1, Math.round(sending.size / 1024))}
          unit="KB"
        />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
