"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { createWebhookEndpointSchema, type WebhookEndpointView } from "@/lib/schemas/webhooks";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

type FieldErrors = Partial<Record<"url" | "description" | "eventTypes", string>>;

/** Adding an endpoint, or editing one: its URL, a description, the event types it wants, on or off. */
export function WebhookEndpointForm({
  saved,
  onSaved,
  onCancel,
}: {
  saved: WebhookEndpointView | null;
  onSaved: (endpoint: WebhookEndpointView) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(saved?.url ?? "");
  const [description, setDescription] = useState(saved?.description ?? "");
  const [eventTypes, setEventTypes] = useState<string[]>(saved?.eventTypes ?? []);
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (type: string) =>
    setEventTypes((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = { url: url.trim(), description, eventTypes, enabled };
    const parsed = createWebhookEndpointSchema.safeParse(body);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      onSaved(
        saved
          ? await apiPatch<WebhookEndpointView>(`/api/admin/webhooks/${saved.id}`, body)
          : await apiPost<WebhookEndpointView>("/api/admin/webhooks", body),
      );
    } catch (e) {
      setError(failureMessage(e, "Could not save the webhook endpoint"));
      if (e instanceof ApiError && e.fieldErrors)
        setFieldErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0]])));
    } finally {
      setBusy(false);
    }
  };

  const title = saved ? `Edit ${saved.url}` : "Add a webhook endpoint";
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: "break-all" }}>
          {title}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {error}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 2 }}>
          <TextField
            label="URL"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={Boolean(fieldErrors.url)}
            helperText={fieldErrors.url ?? "Where the events are POSTed, e.g. https://hooks.example.com/lms"}
            required
          />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(fieldErrors.description)}
            helperText={fieldErrors.description}
          />
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Typography component="legend" variant="subtitle2">
              Event types
            </Typography>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Checkbox checked={eventTypes.includes(type)} onChange={() => toggle(type)} />}
                  label={`${type} — ${WEBHOOK_EVENT_DESCRIPTIONS[type]}`}
                />
              ))}
            </FormGroup>
            {fieldErrors.eventTypes && <FormHelperText error>{fieldErrors.eventTypes}</FormHelperText>}
          </fieldset>
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
            label="On"
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
