"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { LessonKindFields, type LessonFormInput } from "@/components/courses/lesson-kind-fields";
import { KIND_LABELS } from "@/components/courses/outline-rows";
import type { LessonJson } from "@/components/courses/types";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormTextField } from "@/components/forms/form-text-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPatch, apiPost, apiPut } from "@/lib/client/api";
import { createLessonSchema, LESSON_KINDS } from "@/lib/schemas/outline";
import { failureMessage } from "@/lib/client/spec-calls";

const UPLOAD_TIMEOUT_MS = 10 * 60_000;

interface Props {
  courseId: string;
  /** Where a new lesson goes. */
  moduleId: string;
  /** The lesson to edit (fully loaded), or null to add one. */
  lesson: LessonJson | null;
  onSaved: (lesson: LessonJson) => void;
  onClose: () => void;
}

/** Add or edit a lesson; an uploaded file (video or file lessons) is sent once the lesson exists. */
export function LessonDialog({ courseId, moduleId, lesson: initial, onSaved, onClose }: Props) {
  const [lesson, setLesson] = useState<LessonJson | null>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LessonFormInput, unknown, z.output<typeof createLessonSchema>>({
    resolver: zodResolver(createLessonSchema),
    defaultValues: {
      title: initial?.title ?? "",
      kind: initial?.kind ?? "text",
      body: initial?.body ?? "",
      media_url: initial?.has_upload ? null : (initial?.media_url ?? null),
      duration_seconds: initial?.duration_seconds ?? null,
      is_required: initial?.is_required ?? true,
    },
  });
  const kind = useWatch({ control: form.control, name: "kind" });

  const onSubmit = form.handleSubmit(async ({ kind: chosenKind, ...rest }) => {
    setError(null);
    let saved = lesson;
    try {
      // An untouched URL is left alone: sending null could drop an uploaded video's reference.
      const sendUrl = chosenKind === "video" && (!lesson || form.getFieldState("media_url").isDirty);
      const fields = { ...rest, media_url: sendUrl ? rest.media_url : undefined };
      saved = lesson
        ? await apiPatch<LessonJson>(`/api/courses/${courseId}/lessons/${lesson.id}`, fields)
        : await apiPost<LessonJson>(`/api/courses/${courseId}/modules/${moduleId}/lessons`, {
            ...fields,
            kind: chosenKind,
          });
      setLesson(saved);
      onSaved(saved);
    } catch (e) {
      setError(failureMessage(e, "Could not save the lesson"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
      return;
    }
    if (file) {
      try {
        const body = new FormData();
        body.set("file", file);
        saved = await apiPut<LessonJson>(`/api/courses/${courseId}/lessons/${saved.id}/file`, body, {
          timeoutMs: UPLOAD_TIMEOUT_MS,
          retryOnTimeout: false,
        });
        setFile(null);
        onSaved(saved);
      } catch (e) {
        // The lesson exists now; the dialog stays open on it so the upload can be retried.
        setError(`The lesson was saved, but the upload failed: ${failureMessage(e, "please try again")}`);
        return;
      }
    }
    onClose();
  });

  const title = lesson ? "Edit lesson" : "Add lesson";
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="lesson-dialog-title">
      <form method="post" onSubmit={onSubmit} noValidate aria-label={title}>
        <DialogTitle id="lesson-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <FormTextField control={form.control} name="title" label="Lesson title" autoFocus />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <TextField
                  select
                  label="Lesson type"
                  margin="normal"
                  sx={{ minWidth: 180 }}
                  disabled={Boolean(lesson)}
                  {...field}
                >
                  {LESSON_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {KIND_LABELS[k]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="duration_seconds"
              render={({ field, fieldState }) => (
                <TextField
                  label="Duration (minutes)"
                  type="number"
                  margin="normal"
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                  value={field.value == null ? "" : String(Math.round(field.value / 60))}
                  onChange={(e) =>
                    field.onChange(e.target.value === "" ? null : Math.max(0, Math.round(Number(e.target.value) * 60)))
                  }
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="is_required"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
                  label="Required to complete the course"
                />
              )}
            />
          </Stack>
          <LessonKindFields
            courseId={courseId}
            kind={kind}
            control={form.control}
            lesson={lesson}
            file={file}
            onFile={setFile}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton size="medium" isSubmitting={form.formState.isSubmitting}>
            {lesson ? "Save lesson" : "Create lesson"}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
