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
import { useState, type ReactNode } from "react";
import { isApiError } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

export type FieldErrors = Record<string, string[] | undefined>;

/**
 * A new machine credential (an API key, an LRS client): its name and scopes, and whatever fields of its own
 * the kind adds. `create` sends them; a refusal shows its message and its fields' errors.
 */
export function CredentialForm({
  noun,
  nameHint,
  scopesHint,
  scopeOptions,
  initialScopes = [],
  submitLabel,
  create,
  onCancel,
  extraFields,
}: {
  /** What is made, as in "New API key" and "Could not create the API key". */
  noun: string;
  nameHint: string;
  scopesHint: string;
  scopeOptions: { value: string; label: string }[];
  initialScopes?: string[];
  submitLabel: string;
  create: (fields: { name: string; scopes: string[] }) => Promise<void>;
  onCancel: () => void;
  extraFields?: (fieldErrors: FieldErrors) => ReactNode;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>(initialScopes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const toggle = (scope: string) =>
    setScopes((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await create({ name, scopes });
    } catch (e) {
      if (isApiError(e) && e.fieldErrors) setFieldErrors(e.fieldErrors);
      setError(failureMessage(e, `Could not create the ${noun}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="form" aria-label={`New ${noun}`} onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        New {noun}
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
          helperText={fieldErrors.name?.[0] ?? nameHint}
          error={Boolean(fieldErrors.name)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <div>
          <FormLabel component="legend">Scopes</FormLabel>
          <FormHelperText error={Boolean(fieldErrors.scopes)}>{fieldErrors.scopes?.[0] ?? scopesHint}</FormHelperText>
          <FormGroup sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" } }}>
            {scopeOptions.map((scope) => (
              <FormControlLabel
                key={scope.value}
                control={<Checkbox checked={scopes.includes(scope.value)} onChange={() => toggle(scope.value)} />}
                label={scope.label}
              />
            ))}
          </FormGroup>
        </div>
        {extraFields?.(fieldErrors)}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
