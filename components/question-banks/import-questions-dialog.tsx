"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState } from "react";
import { ImportProgressBar } from "@/components/import-export/import-progress";
import { ImportQuestionsReport, RefusalList } from "@/components/question-banks/import-questions-report";
import { ImportQuestionsUpload } from "@/components/question-banks/import-questions-upload";
import { plural } from "@/components/question-banks/labels";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { QuestionImportJson } from "@/lib/server/question-imports/serialize";

/** Upload → the dry run (read again while it runs) → its report → Import → progress → done. */
export function ImportQuestionsDialog({
  bankId,
  bankName,
  onImported,
  onClose,
}: {
  bankId: string;
  bankName: string;
  onImported: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [importId, setImportId] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Import questions into &apos;{bankName}&apos;</DialogTitle>
      <DialogContent>
        {importId ? (
          <ImportStatus bankId={bankId} bankName={bankName} importId={importId} onImported={onImported} />
        ) : (
          <ImportQuestionsUpload bankId={bankId} onUploaded={(imp) => setImportId(imp.id)} />
        )}
      </DialogContent>
      <DialogActions>
        {importId && <Button onClick={() => setImportId(null)}>Import another file</Button>}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

const live = (imp: QuestionImportJson | undefined) => imp?.status === "checking" || imp?.status === "running";

function ImportStatus({
  bankId,
  bankName,
  importId,
  onImported,
}: {
  bankId: string;
  bankName: string;
  importId: string;
  onImported: () => void;
}) {
  const path = `/api/question-banks/${bankId}/imports/${importId}`;
  const {
    data: imp,
    error,
    mutate,
  } = useApi<QuestionImportJson>(path, {
    refreshInterval: (latest) => (live(latest) ? 1000 : 0),
  });
  const [busy, setBusy] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  // The bank's list is read again once, when the run ends.
  const told = useRef(false);
  useEffect(() => {
    if (imp?.status === "completed" && !told.current) {
      told.current = true;
      onImported();
    }
  }, [imp?.status, onImported]);
  if (error) return <Alert severity="error">{failureMessage(error, "Failed to load the import")}</Alert>;
  if (!imp) return <ImportProgressBar label="Dry run" done={0} total={1} unit="questions" />;

  async function run() {
    setBusy(true);
    setRunError(null);
    try {
      await mutate(await apiPost<QuestionImportJson>(`${path}/run`, undefined, { retryOnTimeout: false }), {
        revalidate: true,
      });
    } catch (e) {
      setRunError(failureMessage(e, "Failed to start the import"));
    } finally {
      setBusy(false);
    }
  }

  const format = imp.format === "gift" ? "GIFT" : "Moodle XML";
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {imp.file_name} · {format} · {plural(imp.questions_in_file, "question")} read
      </Typography>
      {imp.status === "checking" && (
        <ImportProgressBar label="Dry run" done={imp.progress.done} total={imp.progress.total} unit="questions" />
      )}
      {imp.status === "running" && (
        <ImportProgressBar label="Import" done={imp.progress.done} total={imp.progress.total} unit="questions" />
      )}
      {imp.status === "completed" && (
        <Alert severity="success" data-testid="question-import-result">
          Imported {plural(imp.questions_created, "question")} and created {plural(imp.banks_created, "sub-bank")}.
        </Alert>
      )}
      {imp.status === "failed" && (
        <Alert severity="error" role="alert">
          The import failed: {imp.error ?? "see the server's log"}
        </Alert>
      )}
      {runError && (
        <Alert severity="error" role="alert">
          {runError}
        </Alert>
      )}
      {imp.status === "checked" && (
        <div>
          <Button variant="contained" disabled={busy || !imp.dry_run?.questions} onClick={() => void run()}>
            Import
          </Button>
        </div>
      )}
      {imp.dry_run ? (
        <ImportQuestionsReport report={imp.dry_run} bankName={bankName} />
      ) : (
        <RefusalList refusals={imp.refusals} />
      )}
    </Stack>
  );
}
