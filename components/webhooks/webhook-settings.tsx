"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import type { NoticeState } from "@/components/feedback/notice";
import { WebhookDeliveries } from "@/components/webhooks/webhook-deliveries";
import { WebhookEndpointForm } from "@/components/webhooks/webhook-endpoint-form";
import { WebhookSecret } from "@/components/webhooks/webhook-secret";
import { apiDelete, apiPatch } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import type { WebhookEndpointView } from "@/lib/schemas/webhooks";

/** System Settings → Webhooks: the organization's endpoints, each with its secret and its deliveries. */
export function WebhookSettings({
  saved,
  onNotice: setNotice,
}: {
  saved: WebhookEndpointView[];
  onNotice: (notice: NoticeState) => void;
}) {
  const [endpoints, setEndpoints] = useState(saved);
  const [editing, setEditing] = useState<WebhookEndpointView | "new" | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);

  const replace = (endpoint: WebhookEndpointView) =>
    setEndpoints((list) =>
      list.some((e) => e.id === endpoint.id)
        ? list.map((e) => (e.id === endpoint.id ? endpoint : e))
        : [...list, endpoint],
    );
  const onSaved = (endpoint: WebhookEndpointView) => {
    replace(endpoint);
    setEditing(null);
    setOpen(endpoint.id);
    setNotice({ severity: "success", message: `${endpoint.url} saved.` });
  };
  const setEnabled = async (endpoint: WebhookEndpointView, enabled: boolean) => {
    try {
      replace(await apiPatch<WebhookEndpointView>(`/api/admin/webhooks/${endpoint.id}`, { enabled }));
      setNotice({ severity: "success", message: `${endpoint.url} turned ${enabled ? "on" : "off"}.` });
    } catch (e) {
      setNotice({ severity: "error", message: failureMessage(e, "Could not change the endpoint") });
    }
  };
  const remove = async (endpoint: WebhookEndpointView) => {
    await apiDelete(`/api/admin/webhooks/${endpoint.id}`);
    setEndpoints((list) => list.filter((e) => e.id !== endpoint.id));
    setNotice({ severity: "success", message: `${endpoint.url} deleted.` });
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Webhooks">
        <Typography variant="h6" component="h2">
          Webhooks
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 2 }}>
          Other systems hear what happens here: each event is POSTed to the endpoints that want it, signed as the
          Standard Webhooks specification says, and retried for about three days until it is received.
        </Typography>
        {endpoints.length === 0 && <Typography sx={{ my: 1 }}>No webhook endpoint yet.</Typography>}
        <Stack spacing={2} divider={<Divider flexItem />}>
          {endpoints.map((endpoint) => (
            <Stack key={endpoint.id} spacing={1} component="article" aria-label={endpoint.url}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Typography sx={{ fontWeight: 500, wordBreak: "break-all" }}>{endpoint.url}</Typography>
                <Chip
                  size="small"
                  label={endpoint.enabled ? "On" : "Off"}
                  color={endpoint.enabled ? "success" : "default"}
                />
              </Stack>
              {endpoint.description && <Typography variant="body2">{endpoint.description}</Typography>}
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {endpoint.eventTypes.join(", ")}
              </Typography>
              {endpoint.disabledReason && (
                <Alert severity="warning">Turned off by the system: {endpoint.disabledReason}.</Alert>
              )}
              <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
                <Button size="small" onClick={() => setEditing(endpoint)}>
                  Edit
                </Button>
                <Button size="small" onClick={() => setEnabled(endpoint, !endpoint.enabled)}>
                  {endpoint.enabled ? "Turn off" : "Turn on"}
                </Button>
                <Button size="small" onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>
                  {open === endpoint.id ? "Hide details" : "Secret and deliveries"}
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(endpoint)}>
                  Delete
                </Button>
              </Stack>
              {open === endpoint.id && (
                <Stack spacing={2} sx={{ pl: 2 }}>
                  <WebhookSecret endpoint={endpoint} onNotice={setNotice} />
                  <WebhookDeliveries endpoint={endpoint} onNotice={setNotice} />
                </Stack>
              )}
            </Stack>
          ))}
        </Stack>
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setEditing("new")} disabled={editing === "new"}>
          Add an endpoint
        </Button>
      </Paper>
      {editing && (
        <WebhookEndpointForm
          key={editing === "new" ? "new" : `${editing.id}-${editing.updatedAt}`}
          saved={editing === "new" ? null : editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this webhook endpoint?"
          message={`${deleting.url} receives nothing more, and its deliveries are deleted with it.`}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
