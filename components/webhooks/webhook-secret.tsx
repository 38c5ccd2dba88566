"use client";

import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { NoticeState } from "@/components/feedback/notice";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { apiGet, apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import type { WebhookEndpointView, WebhookSecretView } from "@/lib/schemas/webhooks";

/** The endpoint's signing secret: shown on request, copied, rolled (the old one signs for 24 hours more). */
export function WebhookSecret({
  endpoint,
  onNotice,
}: {
  endpoint: WebhookEndpointView;
  onNotice: (n: NoticeState) => void;
}) {
  const [secret, setSecret] = useState<WebhookSecretView | null>(null);
  const [rolling, setRolling] = useState(false);

  const show = async () => {
    try {
      setSecret(await apiGet<WebhookSecretView>(`/api/admin/webhooks/${endpoint.id}/secret`));
    } catch (e) {
      onNotice({ severity: "error", message: failureMessage(e, "Could not read the signing secret") });
    }
  };
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret.secret);
    onNotice({ severity: "success", message: "Signing secret copied." });
  };
  const roll = async () => {
    const next = await apiPost<WebhookSecretView>(`/api/admin/webhooks/${endpoint.id}/secret/roll`, {
      overlapHours: 24,
    });
    setSecret(next);
    onNotice({ severity: "success", message: "New signing secret made; the previous one signs for 24 hours more." });
  };

  const overlap = secret?.previousSecretExpiresAt ?? endpoint.previousSecretExpiresAt;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        Signing secret
      </Typography>
      {secret ? (
        <TextField
          label="Signing secret"
          value={secret.secret}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          size="small"
        />
      ) : null}
      {overlap && (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          The previous secret signs too until {new Date(overlap).toLocaleString()}.
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        {secret ? (
          <Button size="small" onClick={copy}>
            Copy
          </Button>
        ) : (
          <Button size="small" onClick={show}>
            Show secret
          </Button>
        )}
        <Button size="small" onClick={() => setRolling(true)}>
          Roll secret
        </Button>
      </Stack>
      {rolling && (
        <ConfirmDialog
          title="Roll the signing secret?"
          message={`A new secret signs every message to ${endpoint.url} from now; the current one keeps signing beside it for 24 hours, time to give the receiver the new one.`}
          confirmLabel="Roll"
          onConfirm={roll}
          onClose={() => setRolling(false)}
        />
      )}
    </Stack>
  );
}
