"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { STATUS_LABELS } from "@/components/courses/labels";
import type { CategoryJson, CourseJson } from "@/components/courses/types";
import { personName, UserPicker, type PickedPerson } from "@/components/forms/user-picker";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormDateField } from "@/components/forms/form-date-field";
import { FormTextField } from "@/components/forms/form-text-field";
import { PickersProvider } from "@/components/forms/pickers-provider";
import { FormRichTextEditor } from "@/components/forms/rich-text-editor";
import { SubmitButton } from "@/components/forms/submit-button";
import { ApiError, apiPatch, apiPost } from "@/lib/client/api";
import { COURSE_STATUSES, updateCourseSchema } from "@/lib/schemas/courses";
import type { CourseDefaults } from "@/lib/schemas/organization-settings";
import { failureMessage } from "@/lib/client/spec-calls";

type Input = z.input<typeof updateCourseSchema>;
type Output = z.output<typeof updateCourseSchema>;

interface Props {
  /** The course to edit; none to create one. */
  course?: CourseJson;
  categories: CategoryJson[];
  /** Administrators choose who teaches; an instructor always teaches what they create. */
  canChooseInstructors: boolean;
  /** A new course starts with the organization's default course settings (/admin/settings). */
  defaults?: CourseDefaults;
  onSaved?: (course: CourseJson) => void;
  /** Extra controls next to the submit button (e.g. 'Delete course'). */
  actions?: ReactNode;
}

/**
 * Title, description, category, status, self-enrollment, calendar dates and instructors. Validated with the shared
 * updateCourseSchema (every field is present, so it checks what createCourseSchema checks); the server
 * validates again and its field errors land under the fields.
 */
export function CourseForm({ course, categories, canChooseInstructors, defaults, onSaved, actions }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [instructors, setInstructors] = useState<PickedPerson[]>(course?.instructors ?? []);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(updateCourseSchema),
    defaultValues: {
      title: course?.title ?? "",
      description: course?.description ?? "",
      category_id: course?.category?.id ?? null,
      status: course?.status ?? "draft",
      allow_self_enrollment: course?.allow_self_enrollment ?? defaults?.allowSelfEnrollment ?? true,
      allow_retakes: course?.allow_retakes ?? defaults?.allowRetakes ?? false,
      instructor_ids: course?.instructors.map((i) => i.id) ?? [],
      start_date: course?.start_date ?? null,
      end_date: course?.end_date ?? null,
      due_date: course?.due_date ?? null,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const body = { ...values, instructor_ids: canChooseInstructors ? values.instructor_ids : undefined };
    try {
      if (course) {
        const saved = await apiPatch<CourseJson>(`/api/courses/${course.id}`, body);
        form.reset({ ...values, description: saved.description });
        onSaved?.(saved);
        router.refresh();
      } else {
        const created = await apiPost<CourseJson>("/api/courses", body);
        router.push(`/admin/courses/${created.id}?tab=outline`);
      }
    } catch (e) {
      setError(failureMessage(e, "Could not save the course"));
      if (e instanceof ApiError) applyServerErrors(form.setError, e.fieldErrors);
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={course ? "Course details" : "Create course"}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="title" label="Title" autoFocus={!course} />
      <FormRichTextEditor control={form.control} name="description" label="Description" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <Controller
          control={form.control}
          name="category_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Category"
              margin="normal"
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ minWidth: 220 }}
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value === "" ? null : e.target.value)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              <MenuItem value="">No category</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Status"
              margin="normal"
              sx={{ minWidth: 180 }}
              {...field}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? "Learners see published courses only"}
            >
              {COURSE_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <Controller
        control={form.control}
        name="allow_self_enrollment"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Learners may enroll themselves"
            sx={{ my: 1 }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="allow_retakes"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Learners may retake a completed SCORM lesson (a new attempt; otherwise it reopens for review)"
            sx={{ my: 1 }}
          />
        )}
      />
      <PickersProvider>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
          <FormDateField
            control={form.control}
            name="start_date"
            label="Start date"
            helperText="On learners' calendars"
          />
          <FormDateField control={form.control} name="end_date" label="End date" />
          <FormDateField control={form.control} name="due_date" label="Due date" />
        </Stack>
      </PickersProvider>
      {canChooseInstructors ? (
        <Controller
          control={form.control}
          name="instructor_ids"
          render={({ field, fieldState }) => (
            <UserPicker
              label="Instructors"
              role="staff"
              value={instructors}
              onChange={(people) => {
                setInstructors(people);
                field.onChange(people.map((p) => p.id));
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? "Instructors and administrators who teach this course"}
            />
          )}
        />
      ) : (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {course
            ? `Instructors: ${course.instructors.map(personName).join(", ") || "none"}`
            : "You will teach this course."}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: "center" }}>
        <SubmitButton isSubmitting={form.formState.isSubmitting}>{course ? "Save" : "Create course"}</SubmitButton>
        {actions}
      </Stack>
    </form>
  );
}
