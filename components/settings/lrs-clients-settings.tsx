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
import { LrsClientForm } from "@/components/settings/lrs-client-form";
import { LrsClientSecretDialog } from "@/components/settings/lrs-client-secret-dialog";
import { apiDelete } from "@/lib/client/api";
import { dayAndTime } from "@/lib/format-dates";
import type { CreatedLrsClient, LrsClientList, LrsClientView } from "@/lib/schemas/lrs-clients";

/** System Settings → LRS clients: the credentials of the organization's xAPI endpoint, created, listed and revoked. */
export function LrsClientsSettings({ saved, onNotice }: { saved: LrsClientList; onNotice: (n: NoticeState) => void }) {
  const [clients, setClients] = useState(saved.items);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedLrsClient | null>(null);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);

  const onCreated = (client: CreatedLrsClient) => {
    const { secret: _secret, endpoint: _endpoint, ...view } = client;
    setClients((list) => [view, ...list]);
    setCreating(false);
    setCreated(client);
  };

  const askRevoke = (client: LrsClientView) =>
    setPending({
      title: `Revoke the LRS client '${client.name}'?`,
      message: `xAPI clients that use the key ${client.key} are refused from their next request on. This cannot be undone.`,
      confirmLabel: "Revoke",
      run: async () => {
        const revoked = await apiDelete<LrsClientView>(`/api/admin/lrs-clients/${client.id}`);
        setClients((list) => list.map((c) => (c.id === revoked.id ? revoked : c)));
        onNotice({ severity: "success", message: `${client.name} revoked.` });
      },
    });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="LRS clients">
        <Typography variant="h6" component="h2">
          LRS clients
        </Typography>
        <Typography sx={{ color: "text.secondary", mb: 1 }}>
          The organization&apos;s Learning Record Store takes xAPI statements at <code>/xapi/</code> on this address.
          Courses, authoring tools and players send a client&apos;s key and secret as HTTP Basic auth.
        </Typography>
        {clients.length === 0 ? (
          <Typography sx={{ my: 1 }}>No LRS client yet.</Typography>
        ) : (
          <Table size="small" aria-label="The organization's LRS clients">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Key</TableCell>
                <TableCell>Scopes</TableCell>
                <TableCell>xAPI</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.map((client) => (
                <TableRow key={client.id}>
                  <TableCell>{client.name}</TableCell>
                  <TableCell>
                    <code>{client.key}</code>
                  </TableCell>
                  <TableCell>{client.scopes.join(", ")}</TableCell>
                  <TableCell>{client.xapi_version}</TableCell>
                  <TableCell>{client.last_used_at ? dayAndTime(client.last_used_at) : "Never"}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={client.status === "active" ? "Active" : "Revoked"}
                      color={client.status === "active" ? "success" : "default"}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {client.status === "active" && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => askRevoke(client)}
                        aria-label={`Revoke ${client.name}`}
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
          Create LRS client
        </Button>
      </Paper>
      {creating && <LrsClientForm onCreated={onCreated} onCancel={() => setCreating(false)} />}
      {created && <LrsClientSecretDialog created={created} onClose={() => setCreated(null)} />}
      <PendingConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
