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
import type { CreatedLrsClient } from "@/lib/schemas/lrs-clients";
import { LRS_SCOPES } from "@/lib/xapi/scopes";

const SCOPE_HINTS: Record<(typeof LRS_SCOPES)[number], string> = {
  "statements/write": "store statements",
  "statements/read": "read every statement",
  "statements/read/mine": "read its own statements",
  state: "state documents",
  define: "define activities",
  profile: "activity and agent profiles",
  "all/read": "read everything",
  all: "everything",
};

/** A new LRS client: its name and xAPI scopes. */
export function LrsClientForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedLrsClient) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>(["statements/write", "statements/read/mine", "state"]);
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
      onCreated(await apiPost<CreatedLrsClient>("/api/admin/lrs-clients", { name, scopes }));
    } catch (e) {
      if (isApiError(e) && e.fieldErrors) setFieldErrors(e.fieldErrors);
      setError(failureMessage(e, "Could not create the LRS client"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="form" aria-label="New LRS client" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        New LRS client
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
          helperText={fieldErrors.name?.[0] ?? "What uses it, e.g. Course player"}
          error={Boolean(fieldErrors.name)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <div>
          <FormLabel component="legend">Scopes</FormLabel>
          <FormHelperText error={Boolean(fieldErrors.scopes)}>
            {fieldErrors.scopes?.[0] ?? "What the client may do with the organization's learning records."}
          </FormHelperText>
          <FormGroup sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" } }}>
            {LRS_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
                label={`${scope} (${SCOPE_HINTS[scope]})`}
              />
            ))}
          </FormGroup>
        </div>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            Create client
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
