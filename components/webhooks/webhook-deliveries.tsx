"use client";

import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { NoticeState } from "@/components/feedback/notice";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { WebhookDeliveryView, WebhookEndpointView } from "@/lib/schemas/webhooks";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

/** A day ago as a datetime-local field's value (local wall time). */
function dayAgoLocal(): string {
  const dayAgo = new Date(Date.now() - 86_400_000);
  return new Date(dayAgo.getTime() - dayAgo.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** What the last attempt got: its status and time, or why there was none (no response body is kept). */
function lastOutcome(d: WebhookDeliveryView): string {
  if (d.attempts === 0) return "Not tried yet";
  const took = d.lastDurationMs !== null ? ` in ${d.lastDurationMs} ms` : "";
  return d.lastStatus !== null ? `${d.lastStatus}${took}` : `${d.lastError ?? "No answer"}${took}`;
}

/** An endpoint's latest deliveries, resending one or every failed one since a time, and the test event. */
export function WebhookDeliveries({
  endpoint,
  onNotice,
}: {
  endpoint: WebhookEndpointView;
  onNotice: (n: NoticeState) => void;
}) {
  const base = `/api/admin/webhooks/${endpoint.id}`;
  const [since, setSince] = useState(dayAgoLocal);

  const { data, error, mutate } = useApi<{ data: WebhookDeliveryView[] }>(`${base}/deliveries?limit=50`);
  const deliveries = data?.data ?? null;
  const load = () => void mutate();

  const act = async (call: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await call();
      onNotice({ severity: "success", message: done });
      await mutate();
    } catch (e) {
      onNotice({ severity: "error", message: failureMessage(e, failed) });
    }
  };
  const sendTest = () => act(() => apiPost(`${base}/test`), "Test event queued.", "Could not send the test event");
  const resendOne = (d: WebhookDeliveryView) =>
    act(() => apiPost(`${base}/deliveries/${d.id}/resend`), "Delivery queued again.", "Could not resend it");
  const resendFailed = () =>
    act(
      () => apiPost(`${base}/deliveries/resend`, { since: new Date(since).toISOString() }),
      "Failed deliveries queued again.",
      "Could not resend the failed deliveries",
    );

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        Deliveries
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button size="small" onClick={sendTest} disabled={!endpoint.enabled}>
          Send a test event
        </Button>
        <Button size="small" onClick={load}>
          Refresh
        </Button>
        <TextField
          label="Failed since"
          type="datetime-local"
          size="small"
          value={since}
          onChange={(e) => setSince(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button size="small" onClick={resendFailed}>
          Resend failed
        </Button>
      </Stack>
      {error && <Typography color="error">{failureMessage(error, "Could not load the deliveries")}</Typography>}
      {deliveries && deliveries.length === 0 && <Typography>No deliveries yet.</Typography>}
      {deliveries && deliveries.length > 0 && (
        <Table size="small" aria-label={`Deliveries to ${endpoint.url}`}>
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Attempts</TableCell>
              <TableCell>Last status</TableCell>
              <TableCell>Next retry</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.map((d) => (
              <TableRow key={d.id}>
                <TableCell>
                  {d.eventType}
                  <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                    {when(d.eventCreatedAt)}
                  </Typography>
                </TableCell>
                <TableCell>{d.state}</TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell>{lastOutcome(d)}</TableCell>
                <TableCell>{d.state === "pending" ? when(d.nextAttemptAt) : "—"}</TableCell>
                <TableCell>
                  {d.state !== "pending" && (
                    <Button size="small" onClick={() => resendOne(d)}>
                      Resend
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
