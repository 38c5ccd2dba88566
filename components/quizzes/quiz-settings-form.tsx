"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { useState, type ReactNode } from "react";
import { Controller, useForm, type Control } from "react-hook-form";
import { Notice, type NoticeState } from "@/components/feedback/notice";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormNumberField } from "@/components/forms/form-number-field";
import { FormSelect } from "@/components/forms/form-select";
import { FormSwitch } from "@/components/forms/form-switch";
import { PickersProvider } from "@/components/forms/pickers-provider";
import { SubmitButton } from "@/components/forms/submit-button";
import { useUnsavedChanges } from "@/components/forms/use-unsaved-changes";
import { QuizSettingsSlots } from "@/components/quizzes/quiz-settings-slots";
import {
  formValuesOf,
  GRADING_LABELS,
  REVIEW_LABELS,
  type QuizFormInput,
  type QuizFormOutput,
  type SlotNames,
} from "@/components/quizzes/quiz-settings-values";
import { ApiError, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import { GRADING_METHODS, quizSettingsSchema, REVIEW_TIMINGS } from "@/lib/schemas/quizzes";
import type { QuizJson } from "@/lib/server/quizzes/settings";

interface Props {
  courseId: string;
  lessonId: string;
  quiz: QuizJson | null;
  names: SlotNames;
  /** Told when the quiz is saved (the regrade button needs a saved quiz). */
  onSaved?: (quiz: QuizJson) => void;
}

const reviewOptions = REVIEW_TIMINGS.map((value) => ({ value, label: REVIEW_LABELS[value] }));
const gradingOptions = GRADING_METHODS.map((value) => ({ value, label: GRADING_LABELS[value] }));

/** A quiz's settings and its questions, saved whole with PUT …/quiz (the same schema checks both sides). */
export function QuizSettingsForm({ courseId, lessonId, quiz, names: initialNames, onSaved }: Props) {
  const [names, setNames] = useState(initialNames);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const form = useForm<QuizFormInput, unknown, QuizFormOutput>({
    resolver: zodResolver(quizSettingsSchema),
    defaultValues: formValuesOf(quiz),
  });
  useUnsavedChanges(form.formState.isDirty);
  // The shared field components take the form's input values only; the output (dates) is the schema's.
  const control = form.control as unknown as Control<QuizFormInput>;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await apiPut<QuizJson>(`/api/courses/${courseId}/lessons/${lessonId}/quiz`, values);
      form.reset(formValuesOf(saved));
      onSaved?.(saved);
      setNotice({ severity: "success", message: "Quiz settings saved" });
    } catch (e) {
      setError(failureMessage(e, "Could not save the quiz settings"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });

  return (
    <PickersProvider>
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Quiz settings">
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Section title="Timing and attempts">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
            <TimeLimitField control={control} />
            <FormNumberField
              control={control}
              name="max_attempts"
              label="Attempts allowed"
              min={1}
              helperText="Empty: unlimited"
            />
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
            <DateTimeField control={control} name="opens_at" label="Opens at" hint="Empty: open now" />
            <DateTimeField control={control} name="closes_at" label="Closes at" hint="Empty: never closes" />
          </Stack>
        </Section>
        <Section title="Grading">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
            <FormSelect control={control} name="grading_method" label="Grading method" options={gradingOptions} />
            <Controller
              control={control}
              name="pass_mark_percent"
              render={({ field, fieldState }) => (
                <TextField
                  label="Pass mark (%)"
                  type="number"
                  margin="normal"
                  fullWidth
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ""}
                  onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? "Empty: the quiz completes the lesson without a pass mark"}
                  slotProps={{ htmlInput: { min: 0, max: 100, step: "any" } }}
                />
              )}
            />
          </Stack>
        </Section>
        <Section title="Display">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
            <FormNumberField
              control={control}
              name="questions_per_page"
              label="Questions per page"
              min={0}
              helperText="0: every question on one page"
            />
            <Box sx={{ minWidth: { sm: 260 } }}>
              <FormSwitch
                control={control}
                name="shuffle_answers"
                label="Shuffle answers"
                helperText="Where the question allows it too"
              />
            </Box>
          </Stack>
        </Section>
        <Section title="Review: what learners see of their attempt, and when">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
            <FormSelect control={control} name="review.marks" label="Marks" options={reviewOptions} />
            <FormSelect
              control={control}
              name="review.correct_answers"
              label="Correct answers"
              options={reviewOptions}
            />
            <FormSelect control={control} name="review.feedback" label="Feedback" options={reviewOptions} />
          </Stack>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
            Immediately: learners check each answer during the attempt to see it, and a checked answer can no longer
            change.
          </Typography>
        </Section>
        <Section title="Questions">
          <QuizSettingsSlots form={form} names={names} onNames={setNames} />
        </Section>
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
          <SubmitButton isSubmitting={form.formState.isSubmitting}>Save quiz settings</SubmitButton>
        </Box>
      </form>
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </PickersProvider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `quiz-section-${title.split(":")[0]!.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Minutes in the form, seconds in the API: 90 minutes is 5400 seconds. */
function TimeLimitField({ control }: { control: Control<QuizFormInput> }) {
  return (
    <Controller
      control={control}
      name="time_limit_seconds"
      render={({ field, fieldState }) => (
        <TextField
          label="Time limit (minutes)"
          type="number"
          margin="normal"
          fullWidth
          name={field.name}
          inputRef={field.ref}
          value={field.value == null ? "" : String(Math.round((field.value / 60) * 100) / 100)}
          onChange={(e) => field.onChange(e.target.value === "" ? null : Math.round(Number(e.target.value) * 60))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? "Empty: no time limit"}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      )}
    />
  );
}

/** An instant as the API takes it (ISO 8601), picked in the browser's time zone; cleared: none. */
function DateTimeField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<QuizFormInput>;
  name: "opens_at" | "closes_at";
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimePicker
          label={label}
          value={field.value ? new Date(field.value) : null}
          onChange={(date) =>
            field.onChange(date === null ? null : Number.isNaN(date.getTime()) ? "invalid" : date.toISOString())
          }
          slotProps={{
            field: { clearable: true },
            textField: {
              name: field.name,
              onBlur: field.onBlur,
              margin: "normal",
              fullWidth: true,
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message ?? hint,
            },
          }}
        />
      )}
    />
  );
}
