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

/**
 * Single choice and multiple response: choices with their fractions and feedback, and shuffling. Also a
 * choice gap's (plain-text choices), under `prefix`.
 */
export function ChoicesEditor({
  control,
  prefix = "",
  multiple = false,
  plain = false,
}: {
  control: EditorControl;
  prefix?: string;
  multiple?: boolean;
  plain?: boolean;
}) {
  const name = `${prefix}choices`;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: "key" });
  const help = multiple
    ? "The positive fractions add up to 1; a negative one takes marks away"
    : "One choice is fully right (1)";
  return (
    <Stack spacing={1.5} sx={{ my: 2 }}>
      {fields.map((field, i) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextInput
            control={control}
            name={`${name}.${i}.text`}
            label={`Choice ${i + 1}`}
            helperText={plain ? undefined : "Text or HTML"}
          />
          <NumberInput
            control={control}
            name={`${name}.${i}.fraction`}
            label={`Choice ${i + 1} fraction`}
            width={150}
          />
          <TextInput control={control} name={`${name}.${i}.feedback`} label={`Choice ${i + 1} feedback`} />
          <RemoveButton label={`Remove choice ${i + 1}`} onClick={() => remove(i)} disabled={fields.length <= 2} />
        </Stack>
      ))}
      <ListError control={control} name={name} />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button startIcon={<AddIcon />} onClick={() => append({ text: "", fraction: 0, feedback: "" })}>
          Add choice
        </Button>
        <SwitchInput control={control} name={`${prefix}shuffle`} label="Shuffle the choices" />
      </Stack>
      <span style={{ fontSize: "0.8rem" }}>{help}</span>
    </Stack>
  );
}
