"use client";

import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useRef, useState } from "react";
import { ImportProgressBar } from "@/components/import-export/import-progress";
import { formOf, uploadWithProgress } from "@/lib/client/upload";

/**
 * An import's file: chosen, checked against the API's size limit, sent with a progress bar and handed on
 * once the API has taken it (a 201). Rendered as siblings, so the caller's Stack spaces them.
 */
export function ImportFileUpload<T>({
  url,
  accept,
  inputLabel,
  testId,
  buttonLabel,
  disabled = false,
  maxBytes,
  tooLarge,
  onUploaded,
}: {
  url: string;
  accept: string;
  /** The hidden file input's accessible name. */
  inputLabel: string;
  testId: string;
  buttonLabel: string;
  disabled?: boolean;
  maxBytes: number;
  /** What to do about a file over the limit. */
  tooLarge: string;
  onUploaded: (answer: T) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<{ name: string; size: number; sent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    if (file.size > maxBytes) return setError(tooLarge);
    setSending({ name: file.name, size: file.size, sent: 0 });
    try {
      const onProgress = (sent: number) => setSending((s) => (s ? { ...s, sent } : s));
      onUploaded(await uploadWithProgress<T>({ method: "POST", url, ...formOf(file, onProgress) }));
    } catch (e) {
      setError(e instanceof Error ? e.message : "The upload failed");
    } finally {
      setSending(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <div>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={Boolean(sending) || disabled}
          onClick={() => input.current?.click()}
        >
          {buttonLabel}
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
    </>
  );
}
