"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { FilePickButton } from "@/components/forms/file-pick-button";
import { CONTENT_IMAGE_TYPES } from "@/components/forms/pasted-images";
import { uploadWithProgress } from "@/lib/client/upload";

// The rich text editor's "Insert image": an image file and the words that say what it shows, sent to
// POST /api/content-images (the organization's store) with a progress bar, then placed in the text.
// The image is uploaded only on Insert, so a cancelled dialog stores nothing.

export interface InsertedImage {
  src: string;
  alt: string;
}

function send(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  const body = new FormData();
  body.set("image", file);
  return uploadWithProgress<{ url: string }>({
    method: "POST",
    url: "/api/content-images",
    body,
    status: 201,
    onProgress: (sent, total) => onProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
    messages: {
      failed: (status) => `The image could not be uploaded (${status})`,
      cutOff: "The upload was cut off: check your connection and try again",
    },
  });
}

export function RichTextImageDialog({
  onInsert,
  onClose,
  pasted = null,
}: {
  onInsert: (image: InsertedImage) => void;
  onClose: () => void;
  /** An image file pasted or dropped into the text, chosen already. */
  pasted?: File | null;
}) {
  const [file, setFile] = useState<File | null>(pasted);
  const [alt, setAlt] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = progress !== null;
  const ready = file !== null && alt.trim() !== "" && !sending;

  async function insert() {
    if (!file || !ready) return;
    setError(null);
    setProgress(0);
    try {
      const { url } = await send(file, setProgress);
      onInsert({ src: url, alt: alt.trim() });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The image could not be uploaded");
      setProgress(null);
    }
  }

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Insert image</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <FilePickButton
              label="Choose image"
              accept={CONTENT_IMAGE_TYPES.join(",")}
              disabled={sending}
              onPick={(picked) => {
                setFile(picked);
                setError(null);
              }}
            />
            <Typography variant="body2" sx={{ color: "text.secondary", overflowWrap: "anywhere" }}>
              {file ? file.name : "JPEG, PNG, GIF or WebP"}
            </Typography>
          </Stack>
          <TextField
            fullWidth
            required
            label="Alternative text"
            value={alt}
            disabled={sending}
            onChange={(e) => setAlt(e.target.value)}
            helperText="What the image shows, read out to those who cannot see it"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {sending && <LinearProgress variant="determinate" value={progress} aria-label="Uploading the image" />}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!ready} onClick={() => void insert()}>
          Insert
        </Button>
      </DialogActions>
    </Dialog>
  );
}
