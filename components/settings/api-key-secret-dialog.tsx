"use client";

import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import type { CreatedApiKey } from "@/lib/schemas/api-keys";

/** The new key's secret, shown this once: copied with one click, never shown again once closed. */
export function ApiKeySecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="api-key-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="api-key-secret-title">Copy the key &apos;{created.name}&apos; now</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This is the only time the key is shown. Store it where your program reads its secrets; if it is lost, revoke
          it and create another.
        </Alert>
        <TextField
          label="API key"
          value={created.secret}
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              spellCheck: false,
              onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
            },
          }}
        />
        {copied === "yes" && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            Key copied
          </Alert>
        )}
        {copied === "failed" && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            Could not copy: select the key and copy it yourself
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          Copy key
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
