"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { CreatedLrsClient } from "@/lib/schemas/lrs-clients";

/** The new client's endpoint, key and secret; the secret is shown this once. */
export function LrsClientSecretDialog({ created, onClose }: { created: CreatedLrsClient; onClose: () => void }) {
  const field = (label: string, value: string) => (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
        },
      }}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="lrs-client-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="lrs-client-secret-title">Copy the LRS client &apos;{created.name}&apos; now</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This is the only time the secret is shown. Give the endpoint, key and secret to the xAPI client (HTTP Basic
          auth); if the secret is lost, revoke the client and create another.
        </Alert>
        <Stack spacing={2}>
          {field("Endpoint", created.endpoint)}
          {field("Key", created.key)}
          {field("Secret", created.secret)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
