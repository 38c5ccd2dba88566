"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { apiPost } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

/**
 * "Regrade attempts": every finished attempt of the quiz graded again (POST …/quiz/regrade), after saying
 * what that does; optionally on the questions' current versions, for a question corrected since.
 */
export function QuizSettingsRegrade({
  courseId,
  lessonId,
  lessonTitle,
  disabled,
}: {
  courseId: string;
  lessonId: string;
  lessonTitle: string;
  /** Before the quiz is first saved there is nothing to regrade. */
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [currentVersions, setCurrentVersions] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const regrade = async () => {
    setBusy(true);
    setError(null);
    try {
      const { regraded } = await apiPost<{ regraded: number }>(
        `/api/courses/${courseId}/lessons/${lessonId}/quiz/regrade`,
        { current_versions: currentVersions },
        { retryOnTimeout: false },
      );
      setResult(regraded === 1 ? "1 attempt was regraded." : `${regraded} attempts were regraded.`);
      setOpen(false);
    } catch (e) {
      setError(failureMessage(e, "Could not regrade the attempts"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="quiz-regrade-heading" sx={{ p: 2, mt: 3 }}>
      <Typography id="quiz-regrade-heading" variant="h6" component="h2">
        Regrade
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        After correcting a question, grade the finished attempts again. Grades given by a person stay.
      </Typography>
      {result && (
        <Alert severity="success" role="status" sx={{ mb: 1 }}>
          {result}
        </Alert>
      )}
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={() => {
          setResult(null);
          setError(null);
          setOpen(true);
        }}
      >
        Regrade attempts
      </Button>
      {open && (
        <Dialog
          open
          onClose={busy ? undefined : () => setOpen(false)}
          aria-labelledby="regrade-title"
          maxWidth="sm"
          fullWidth
        >
          <DialogTitle id="regrade-title">{`Regrade the attempts of "${lessonTitle}"?`}</DialogTitle>
          <DialogContent>
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <DialogContentText>
              Every submitted attempt of this quiz is graded again with the questions&apos; answers as they are now
              stored. Scores, the learners&apos; lesson results and pass or fail may change. Marks a person gave by hand
              are kept. Attempts still being taken are not touched.
            </DialogContentText>
            <FormControlLabel
              sx={{ mt: 2 }}
              control={<Checkbox checked={currentVersions} onChange={(e) => setCurrentVersions(e.target.checked)} />}
              label="Move the attempts to the questions' current versions (for a question corrected since the attempts were taken)"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={regrade} disabled={busy}>
              Regrade
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
