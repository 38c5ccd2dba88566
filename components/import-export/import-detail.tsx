"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ImportMappingForm } from "@/components/import-export/import-mapping";
import { ImportProgressBar } from "@/components/import-export/import-progress";
import { ImportRows } from "@/components/import-export/import-rows";
import { CenteredSpinner } from "@/components/ui/spinner";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { ImportDetailJson } from "@/lib/server/imports/queries";

const n = (value: number) => value.toLocaleString("en-US");

/** One import: its mapping, the dry run's report, the run with its progress bar (read again while it runs). */
export function ImportDetail({ importId }: { importId: string }) {
  const {
    data: imp,
    error,
    mutate,
  } = useApi<ImportDetailJson>(`/api/admin/imports/${importId}`, {
    refreshInterval: (latest) => (latest && (latest.status === "checking" || latest.status === "running") ? 1000 : 0),
  });
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  if (error) return <Alert severity="error">{failureMessage(error, "Failed to load the import")}</Alert>;
  if (!imp) return <CenteredSpinner />;

  async function act(path: "run" | "cancel", fallback: string) {
    setBusy(true);
    setActionError(null);
    try {
      await apiPost(`/api/admin/imports/${importId}/${path}`);
      await mutate();
    } catch (e) {
      setActionError(failureMessage(e, fallback));
    } finally {
      setBusy(false);
    }
  }

  const live = imp.status === "checking" || imp.status === "running";
  const ran = imp.run !== null;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {imp.file_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {n(imp.total_rows)} rows · {imp.encoding === "windows-1252" ? "Windows-1252" : "UTF-8"} · separated by{" "}
            {imp.delimiter === "\t" ? "tabs" : imp.delimiter === ";" ? "semicolons" : "commas"}
          </Typography>
          <Alert
            severity={
              imp.status === "failed"
                ? "error"
                : imp.status === "completed"
                  ? "success"
                  : imp.status === "cancelled"
                    ? "warning"
                    : "info"
            }
            data-testid="import-summary"
          >
            {imp.summary}
          </Alert>
          {live && (
            <ImportProgressBar
              label={imp.status === "checking" ? "Dry run" : "Import"}
              done={imp.progress.done}
              total={imp.progress.total}
              rate={imp.progress.rate}
              secondsLeft={imp.progress.seconds_left}
            />
          )}
          {imp.status === "completed" && (
            <ImportProgressBar label="Import" done={imp.total_rows} total={imp.total_rows} />
          )}
          {actionError && (
            <Alert severity="error" role="alert">
              {actionError}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            {imp.status === "checked" && (
              <Button variant="contained" disabled={busy} onClick={() => void act("run", "Failed to start the import")}>
                Run import
              </Button>
            )}
            {live && !imp.cancel_requested && (
              <Button
                variant="outlined"
                color="warning"
                disabled={busy}
                onClick={() => void act("cancel", "Failed to cancel the import")}
              >
                Cancel
              </Button>
            )}
            {live && imp.cancel_requested && <Typography variant="body2">Stopping at the next batch…</Typography>}
          </Stack>
        </Stack>
      </Paper>
      {(imp.status === "uploaded" || imp.status === "checked") && (
        <ImportMappingForm
          key={`${imp.status}-${JSON.stringify(imp.mapping)}`}
          imp={imp}
          onChanged={() => void mutate()}
        />
      )}
      {(imp.check || ran) && (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {ran ? "What the import did" : "Dry run report"}
          </Typography>
          <ImportRows importId={imp.id} ran={ran} live={live} />
        </Stack>
      )}
    </Stack>
  );
}
