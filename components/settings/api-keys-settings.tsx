"use client";

import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { PendingConfirmDialog, type PendingConfirmation } from "@/components/feedback/confirm-dialog";
import type { NoticeState } from "@/components/feedback/notice";
import { ApiKeyForm } from "@/components/settings/api-key-form";
import { ApiKeySecretDialog } from "@/components/settings/api-key-secret-dialog";
import { apiDelete } from "@/lib/client/api";
import { dayAndTime } from "@/lib/format-dates";
import type { ApiKeyList, ApiKeyView, CreatedApiKey } from "@/lib/schemas/api-keys";

const STATUS_LABELS: Record<ApiKeyView["status"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

/** System Settings → API keys: the organization's keys for other systems, created, listed and revoked. */
export function ApiKeysSettings({ saved, onNotice }: { saved: ApiKeyList; onNotice: (n: NoticeState) => void }) {
  const [keys, setKeys] = useState(saved.items);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);

  const onCreated = (key: CreatedApiKey) => {
    const { secret: _secret, ...view } = key;
    setKeys((list) => [view, ...list]);
    setCreating(false);
    setCreated(key);
  };

  const askRevoke = (key: ApiKeyView) =>
    setPending({
      title: `Revoke the API key '${key.name}'?`,
      message: `Programs that use '${key.name}' (${key.hint}…) are refused from their next request on. This cannot be undone.`,
      confirmLabel: "Revoke",
      run: async () => {
        const revoked = await apiDelete<ApiKeyView>(`/api/admin/api-keys/${key.id}`);
        setKeys((list) => list.map((k) => (k.id === revoked.id ? revoked : k)));
        onNotice({ severity: "success", message: `${key.name} revoked.` });
      },
    });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="API keys">
        <Typography variant="h6" component="h2">
          API keys
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 1 }}>
          Keys let other systems (an HR system, a reporting warehouse) use this organization&apos;s API: send one as{" "}
          <code>Authorization: Bearer lmsk_…</code>. A key holds only the scopes it is given, and the audit log names
          it.
        </Typography>
        {keys.length === 0 ? (
          <Typography sx={{ my: 1 }}>No API key yet.</Typography>
        ) : (
          <Table size="small" aria-label="The organization's API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Scopes</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell>
                    <code>{key.hint}…</code>
                  </TableCell>
                  <TableCell>{key.scopes.join(", ")}</TableCell>
                  <TableCell>{key.last_used_at ? dayAndTime(key.last_used_at) : "Never"}</TableCell>
                  <TableCell>{key.expires_at ? dayAndTime(key.expires_at) : "Never"}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={STATUS_LABELS[key.status]}
                      color={key.status === "active" ? "success" : "default"}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {key.status !== "revoked" && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => askRevoke(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setCreating(true)} disabled={creating}>
          Create API key
        </Button>
      </Paper>
      {creating && (
        <ApiKeyForm
          grantableScopes={saved.grantable_scopes}
          onCreated={onCreated}
          onCancel={() => setCreating(false)}
        />
      )}
      {created && <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />}
      <PendingConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
