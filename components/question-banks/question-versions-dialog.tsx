"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { useId, useState } from "react";
import { QuestionVersionView } from "@/components/question-banks/question-version-view";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { QuestionDetailJson, QuestionSummaryJson, QuestionVersionJson } from "@/lib/server/questions/json";

/** A question's versions, newest first; one chosen is shown as it was written. */
export function QuestionVersionsDialog({
  bankId,
  question,
  onClose,
}: {
  bankId: string;
  question: QuestionSummaryJson;
  onClose: () => void;
}) {
  const titleId = useId();
  const base = `/api/question-banks/${bankId}/questions/${question.id}`;
  const { data, error } = useApi<QuestionDetailJson>(base, { dedupingInterval: 0 });
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = chosen ?? data?.current_version ?? null;
  const version = useApi<QuestionVersionJson>(shown ? `${base}/versions/${shown}` : null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Versions of &apos;{question.name}&apos;</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{failureMessage(error, "Failed to load the versions")}</Alert>}
        {!data && !error && <Skeleton variant="rounded" height={200} />}
        {data && (
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            <List aria-label="Versions" dense sx={{ minWidth: 220 }}>
              {data.versions.map((v) => (
                <ListItem key={v.version} disablePadding>
                  <ListItemButton selected={v.version === shown} onClick={() => setChosen(v.version)}>
                    <ListItemText
                      primary={`Version ${v.version}${v.version === data.current_version ? " (current)" : ""}`}
                      secondary={`${v.name} · ${new Date(v.created_at).toLocaleDateString("en-GB")}`}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              {version.error && (
                <Alert severity="error">{failureMessage(version.error, "Failed to load the version")}</Alert>
              )}
              {version.data ? (
                <QuestionVersionView version={version.data} />
              ) : (
                !version.error && <Skeleton height={200} />
              )}
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
