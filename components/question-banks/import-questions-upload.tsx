"use client";

import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { ImportProgressBar } from "@/components/import-export/import-progress";
import type { QuestionImportJson } from "@/lib/server/question-imports/serialize";
import { formOf, uploadWithProgress } from "@/lib/client/upload";

/** The API's limit (lib/schemas/question-imports.ts), checked here before sending a file it would refuse. */
const MAX_BYTES = 20 * 1024 * 1024;

const upload = (url: string, file: File, onProgress: (sent: number) => void) =>
  uploadWithProgress<QuestionImportJson>({ method: "POST", url, ...formOf(file, onProgress) });

/** Choose a Moodle XML or GIFT file (its format told from its name unless chosen) and upload it. */
export function ImportQuestionsUpload({
  bankId,
  onUploaded,
}: {
  bankId: string;
  onUploaded: (imp: QuestionImportJson) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState("");
  const [sending, setSending] = useState<{ name: string; size: number; sent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    if (file.size > MAX_BYTES) return setError("The file is larger than 20 MB: export the categories in parts");
    setSending({ name: file.name, size: file.size, sent: 0 });
    try {
      const url = `/api/question-banks/${bankId}/imports${format ? `?format=${format}` : ""}`;
      onUploaded(await upload(url, file, (sent) => setSending((s) => (s ? { ...s, sent } : s))));
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
        A Moodle XML export (.xml) or a GIFT file (.gift, .txt) of up to 20 MB, in UTF-8. Its categories become
        sub-banks of this bank. Nothing is created until you have seen the dry run and chosen Import.
      </Typography>
      <TextField
        select
        size="small"
        label="Format"
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        sx={{ maxWidth: 320 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Told from the file</MenuItem>
        <MenuItem value="moodle_xml">Moodle XML</MenuItem>
        <MenuItem value="gift">GIFT</MenuItem>
      </TextField>
      <input
        ref={input}
        type="file"
        accept=".xml,.gift,.txt,text/xml,application/xml,text/plain"
        hidden
        aria-label="Question file"
        data-testid="question-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <div>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={Boolean(sending)}
          onClick={() => input.current?.click()}
        >
          Choose file
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
