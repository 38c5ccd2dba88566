"use client";

import TextField from "@mui/material/TextField";
import { useState } from "react";
import { Controller, type Path, type UseFormReturn } from "react-hook-form";
import { tagsFromText, type QuizFormInput, type QuizFormOutput } from "@/components/quizzes/quiz-settings-values";

type QuizForm = UseFormReturn<QuizFormInput, unknown, QuizFormOutput>;

/** A slot's number (marks, questions drawn); an empty field is left to the schema to name. */
export function SlotNumberField({
  form,
  name,
  label,
  min,
  step = 1,
}: {
  form: QuizForm;
  name: Path<QuizFormInput>;
  label: string;
  min: number;
  step?: number | "any";
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          margin="normal"
          size="small"
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === "number" ? field.value : ""}
          onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { min, step } }}
          sx={{ width: { sm: 160 } }}
        />
      )}
    />
  );
}

/** A random draw's tags, typed as one comma-separated line (kept as typed while the list follows it). */
export function SlotTagsField({ form, name, label }: { form: QuizForm; name: Path<QuizFormInput>; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TagsInput
          name={field.name}
          label={label}
          initial={Array.isArray(field.value) ? (field.value as string[]) : []}
          onChange={(tags) => field.onChange(tags)}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? firstNestedMessage(fieldState.error)}
        />
      )}
    />
  );
}

/** An array field's error may sit on one of its items (tags.2). */
function firstNestedMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  for (const value of Object.values(error)) {
    if (value && typeof value === "object" && "message" in value && typeof value.message === "string")
      return value.message;
  }
  return undefined;
}

function TagsInput({
  name,
  label,
  initial,
  onChange,
  onBlur,
  error,
}: {
  name: string;
  label: string;
  initial: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const [text, setText] = useState(initial.join(", "));
  return (
    <TextField
      label={label}
      margin="normal"
      size="small"
      name={name}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(tagsFromText(e.target.value));
      }}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? "Comma-separated: drawn questions have every one"}
      sx={{ flex: 1, minWidth: { sm: 200 } }}
    />
  );
}
