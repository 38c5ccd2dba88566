"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { Controller } from "react-hook-form";
import TextField from "@mui/material/TextField";
import { gradeQuizAnswerSchema } from "@/lib/schemas/quizzes";
import type { GradedAnswerJson } from "@/lib/server/quizzes/grading";
import type { GradingQuestion } from "@/lib/server/quizzes/grading-view";

type GradeInput = z.input<typeof gradeQuizAnswerSchema>;
type GradeOutput = z.output<typeof gradeQuizAnswerSchema>;

/** A person's grade of one answer (PUT …/answers/{position}/grade): marks up to the question's, a comment. */
export function QuizGradingForm({
  attemptId,
  question,
  submitLabel,
  onGraded,
  onCancel,
}: {
  attemptId: string;
  question: GradingQuestion;
  submitLabel: string;
  onGraded: (answer: GradedAnswerJson, comment: string) => void;
  onCancel?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // The route's schema, and the one rule it checks against the attempt: no more than the question is worth.
  const schema = useMemo(
    () =>
      gradeQuizAnswerSchema.refine((v) => v.marks <= question.mark + 1e-9, {
        path: ["marks"],
        message: `This question is worth at most ${question.mark}`,
      }),
    [question.mark],
  );
  const form = useForm<GradeInput, unknown, GradeOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      marks: question.grade?.marks ?? question.automatic_marks ?? undefined,
      comment: question.grade?.comment ?? "",
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await apiPut<GradedAnswerJson>(
        `/api/quiz-attempts/${attemptId}/answers/${question.position}/grade`,
        values,
      );
      onGraded(answer, values.comment);
    } catch (e) {
      setError(failureMessage(e, "Could not save the grade"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={`Grade question ${question.position}`}>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <Controller
          control={form.control}
          name="marks"
          render={({ field, fieldState }) => (
            <TextField
              label={`Marks (out of ${question.mark})`}
              type="number"
              margin="normal"
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { min: 0, max: question.mark, step: "any" } }}
              sx={{ width: { sm: 200 } }}
            />
          )}
        />
        <FormTextField
          control={form.control}
          name="comment"
          label="Comment for the learner"
          multiline
          minRows={2}
          fullWidth
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <SubmitButton size="medium" isSubmitting={form.formState.isSubmitting}>
          {submitLabel}
        </SubmitButton>
      </Stack>
    </form>
  );
}
