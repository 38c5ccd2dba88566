"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { apiPost, isApiError } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import type { CreatedApiKey } from "@/lib/schemas/api-keys";

/** A new key: its name, the scopes it holds (among the creator's own) and an optional last day. */
export function ApiKeyForm({
  grantableScopes,
  onCreated,
  onCancel,
}: {
  grantableScopes: string[];
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiresOn, setExpiresOn] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[] | undefined>>({});

  const toggle = (scope: string) =>
    setScopes((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      // The key works through the whole of the chosen day, in the administrator's time zone.
      const expires_at = expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null;
      onCreated(await apiPost<CreatedApiKey>("/api/admin/api-keys", { name, scopes, expires_at }));
    } catch (e) {
      if (isApiError(e) && e.fieldErrors) setFieldErrors(e.fieldErrors);
      setError(failureMessage(e, "Could not create the API key"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="form" aria-label="New API key" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        New API key
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          helperText={fieldErrors.name?.[0] ?? "What uses it, e.g. HR sync"}
          error={Boolean(fieldErrors.name)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <div>
          <FormLabel component="legend">Scopes</FormLabel>
          <FormHelperText error={Boolean(fieldErrors.scopes)}>
            {fieldErrors.scopes?.[0] ?? "What the key may do: only what you may do yourself."}
          </FormHelperText>
          <FormGroup sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" } }}>
            {grantableScopes.map((scope) => (
              <FormControlLabel
                key={scope}
                control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
                label={scope}
              />
            ))}
          </FormGroup>
        </div>
        <TextField
          label="Expires after (optional)"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          helperText={fieldErrors.expires_at?.[0] ?? "Leave empty for a key that works until it is revoked"}
          error={Boolean(fieldErrors.expires_at)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 260 }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            Create key
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
