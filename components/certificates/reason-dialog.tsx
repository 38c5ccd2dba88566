"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { failureMessage } from "@/lib/client/spec-calls";
import { revokeCertificateSchema } from "@/lib/schemas/certificates";

export interface ReasonDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Throws to keep the dialog open with the server's message shown (a 409: already revoked). */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** A confirmation that needs a reason, checked by the same schema as the API's (revoking, re-issuing). */
export function ReasonDialog({ title, message, confirmLabel, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = revokeCertificateSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Give a reason");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(parsed.data.reason);
      onClose();
    } catch (e) {
      setError(failureMessage(e, `${confirmLabel} failed`));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="reason-dialog-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setFieldError(null);
            }}
            error={Boolean(fieldError)}
            helperText={fieldError ?? "Recorded in the audit log"}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
