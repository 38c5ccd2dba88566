"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { FormProvider, useForm, useWatch, type FieldValues, type Resolver } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormRichTextEditor } from "@/components/forms/rich-text-editor";
import { QUESTION_TYPE_LABELS } from "@/components/question-banks/labels";
import { ChoicesEditor } from "@/components/question-banks/question-editor-choices";
import { valuesFor, type CommonValues } from "@/components/question-banks/question-editor-defaults";
import { EssayEditor } from "@/components/question-banks/question-editor-essay";
import {
  NumberInput,
  TextInput,
  WordsInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";
import { GapsEditor } from "@/components/question-banks/question-editor-gaps";
import { MatchingEditor } from "@/components/question-banks/question-editor-matching";
import { NumericEditor } from "@/components/question-banks/question-editor-numeric";
import { OrderingEditor } from "@/components/question-banks/question-editor-ordering";
import { ShortAnswerEditor } from "@/components/question-banks/question-editor-short-answer";
import { TrueFalseEditor } from "@/components/question-banks/question-editor-true-false";
import { ApiError } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import {
  QUESTION_TYPES,
  questionContentSchema,
  type QuestionContent,
  type QuestionType,
} from "@/lib/schemas/questions";

// The form's values are the API's body (the question's content), so the API's schema checks them here
// and its messages, the server's included, land on the same paths.
const resolver = zodResolver(questionContentSchema) as unknown as Resolver<FieldValues>;

/** The question's content: the fields every question has, then its type's own part. */
export function QuestionEditorForm({
  initial,
  isNew,
  titleId,
  onSubmit,
  onCancel,
}: {
  initial: Record<string, unknown>;
  isNew: boolean;
  titleId: string;
  onSubmit: (content: QuestionContent) => Promise<void>;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FieldValues>({ resolver, defaultValues: initial });
  const control = form.control as EditorControl;
  const type = useWatch({ control, name: "type" }) as QuestionType;
  const changeType = (next: QuestionType) => {
    const { name, stem, default_mark, general_feedback, tags } = form.getValues() as CommonValues;
    form.reset(valuesFor(next, { name, stem, default_mark, general_feedback, tags }));
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values as QuestionContent);
    } catch (e) {
      setError(failureMessage(e, "Failed to save the question"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            select
            size="small"
            label="Type"
            value={type}
            disabled={!isNew}
            helperText={isNew ? undefined : "A question's type cannot change: make a new question instead"}
            onChange={(e) => changeType(e.target.value as QuestionType)}
            sx={{ minWidth: 240, mb: 2 }}
          >
            {QUESTION_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {QUESTION_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
            <TextInput control={control} name="name" label="Name" required />
            <NumberInput control={control} name="default_mark" label="Default mark" width={150} />
          </Stack>
          <FormRichTextEditor control={control} name="stem" label="Question text" minHeight={100} images />
          <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
            {QUESTION_TYPE_LABELS[type]}
          </Typography>
          <TypeFields key={type} type={type} control={control} />
          <FormRichTextEditor
            control={control}
            name="general_feedback"
            label="General feedback"
            minHeight={60}
            images
          />
          <WordsInput control={control} name="tags" label="Tags" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {isNew ? "Create question" : "Save as new version"}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}

function TypeFields({ type, control }: { type: QuestionType; control: EditorControl }) {
  switch (type) {
    case "single_choice":
      return <ChoicesEditor control={control} />;
    case "multiple_response":
      return <ChoicesEditor control={control} multiple />;
    case "true_false":
      return <TrueFalseEditor control={control} />;
    case "short_answer":
      return <ShortAnswerEditor control={control} />;
    case "numeric":
      return <NumericEditor control={control} />;
    case "matching":
      return <MatchingEditor control={control} />;
    case "ordering":
      return <OrderingEditor control={control} />;
    case "fill_in_blanks":
      return <GapsEditor control={control} />;
    case "essay":
      return <EssayEditor control={control} />;
  }
}
