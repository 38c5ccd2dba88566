"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useState } from "react";
import { failureMessage } from "@/lib/client/spec-calls";

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel?: string;
  /** Throws to keep the dialog open with the error shown (e.g. a 409 'category has courses'). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Are you sure?" for destructive actions; rendered only while open. */
export function ConfirmDialog({ title, message, confirmLabel = "Delete", onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(failureMessage(e, `${confirmLabel} failed`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A confirmation waiting to be answered: what ConfirmDialog asks, and what it runs on yes. */
export interface PendingConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<void>;
}

/** The confirmation waiting, if there is one; `onClose` forgets it. */
export function PendingConfirmDialog({
  pending,
  onClose,
}: {
  pending: PendingConfirmation | null;
  onClose: () => void;
}) {
  if (!pending) return null;
  return (
    <ConfirmDialog
      title={pending.title}
      message={pending.message}
      confirmLabel={pending.confirmLabel}
      onConfirm={pending.run}
      onClose={onClose}
    />
  );
}
