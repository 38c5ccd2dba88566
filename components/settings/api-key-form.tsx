"use client";

import TextField from "@mui/material/TextField";
import { useState } from "react";
import { CredentialForm } from "@/components/settings/credential-form";
import { apiPost } from "@/lib/client/api";
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
  const [expiresOn, setExpiresOn] = useState("");
  return (
    <CredentialForm
      noun="API key"
      nameHint="What uses it, e.g. HR sync"
      scopesHint="What the key may do: only what you may do yourself."
      scopeOptions={grantableScopes.map((scope) => ({ value: scope, label: scope }))}
      submitLabel="Create key"
      onCancel={onCancel}
      create={async ({ name, scopes }) => {
        // The key works through the whole of the chosen day, in the administrator's time zone.
        const expires_at = expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null;
        onCreated(await apiPost<CreatedApiKey>("/api/admin/api-keys", { name, scopes, expires_at }));
      }}
      extraFields={(fieldErrors) => (
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
      )}
    />
  );
}
