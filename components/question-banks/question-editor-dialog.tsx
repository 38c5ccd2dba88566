"use client";

import Alert from "@mui/material/Alert";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Skeleton from "@mui/material/Skeleton";
import { useId } from "react";
import { useSWRConfig } from "swr";
import { valuesFor, valuesOf } from "@/components/question-banks/question-editor-defaults";
import { QuestionEditorForm } from "@/components/question-banks/question-editor";
import { apiPost, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { QuestionContent } from "@/lib/schemas/questions";
import type { QuestionDetailJson } from "@/lib/server/questions/json";

/** A new question, or the next version of one (loaded with its current version's content). */
export function QuestionEditorDialog({
  bankId,
  questionId,
  onClose,
  onSaved,
}: {
  bankId: string;
  questionId: string | null;
  onClose: () => void;
  onSaved: (question: QuestionDetailJson) => void;
}) {
  const titleId = useId();
  const { mutate } = useSWRConfig();
  const base = `/api/question-banks/${bankId}/questions`;
  const { data, error } = useApi<QuestionDetailJson>(questionId ? `${base}/${questionId}` : null, {
    revalidateOnFocus: false,
  });
  const save = async (content: QuestionContent) => {
    const saved = questionId
      ? await apiPut<QuestionDetailJson>(`${base}/${questionId}`, content)
      : await apiPost<QuestionDetailJson>(base, content, { retryOnTimeout: false });
    // The question's detail as saved, for the versions dialog opened next (a read a moment ago would be deduplicated).
    await mutate(`${base}/${saved.id}`, saved, { revalidate: false });
    onSaved(saved);
    onClose();
  };
  const title = questionId ? `Edit '${data?.name ?? "question"}'` : "New question";
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId} disableRestoreFocus>
      <DialogTitle id={titleId}>
        {title}
        {data && ` (version ${data.current_version}; saving makes version ${data.current_version + 1})`}
      </DialogTitle>
      {error ? (
        <DialogContent>
          <Alert severity="error">{failureMessage(error, "Failed to load the question")}</Alert>
        </DialogContent>
      ) : questionId && !data ? (
        <DialogContent>
          <Skeleton variant="rounded" height={320} aria-label="Loading the question" />
        </DialogContent>
      ) : (
        <QuestionEditorForm
          initial={data ? valuesOf(data.current.content, data.tags) : valuesFor("single_choice")}
          isNew={!questionId}
          titleId={titleId}
          onSubmit={save}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
