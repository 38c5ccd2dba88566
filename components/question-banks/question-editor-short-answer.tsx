"use client";

import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useFieldArray } from "react-hook-form";
import {
  ListError,
  NumberInput,
  RemoveButton,
  SwitchInput,
  TextInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";

/** Short answer (or a short-answer gap under `prefix`): answers as patterns with fractions; case. */
export function ShortAnswerEditor({ control, prefix = "" }: { control: EditorControl; prefix?: string }) {
  const name = `${prefix}answers`;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: "key" });
  return (
    <Stack spacing={1.5} sx={{ my: 2 }}>
      {fields.map((field, i) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextInput
            control={control}
            name={`${name}.${i}.text`}
            label={`Answer ${i + 1}`}
            helperText="* matches any text; \* is a star"
          />
          <NumberInput
            control={control}
            name={`${name}.${i}.fraction`}
            label={`Answer ${i + 1} fraction`}
            width={150}
          />
          <TextInput control={control} name={`${name}.${i}.feedback`} label={`Answer ${i + 1} feedback`} />
          <RemoveButton label={`Remove answer ${i + 1}`} onClick={() => remove(i)} disabled={fields.length <= 1} />
        </Stack>
      ))}
      <ListError control={control} name={name} />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button startIcon={<AddIcon />} onClick={() => append({ text: "", fraction: 0, feedback: "" })}>
          Add answer
        </Button>
        <SwitchInput control={control} name={`${prefix}case_sensitive`} label="Case sensitive" />
      </Stack>
    </Stack>
  );
}
