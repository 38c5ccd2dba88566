"use client";

import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useFieldArray } from "react-hook-form";
import {
  ListError,
  RemoveButton,
  SwitchInput,
  TextInput,
  WordsInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";

/** Matching: prompts with their answers, and wrong answers offered besides (distractors). */
export function MatchingEditor({ control }: { control: EditorControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: "pairs", keyName: "key" });
  return (
    <Stack spacing={1.5} sx={{ my: 2 }}>
      {fields.map((field, i) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextInput control={control} name={`pairs.${i}.prompt`} label={`Pair ${i + 1} prompt`} />
          <TextInput control={control} name={`pairs.${i}.answer`} label={`Pair ${i + 1} answer`} />
          <RemoveButton label={`Remove pair ${i + 1}`} onClick={() => remove(i)} disabled={fields.length <= 2} />
        </Stack>
      ))}
      <ListError control={control} name="pairs" />
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append({ prompt: "", answer: "" })}>
          Add pair
        </Button>
      </div>
      <WordsInput
        control={control}
        name="distractors"
        label="Distractors"
        helperText="Wrong answers offered besides the pairs' own; press Enter after each one"
      />
      <SwitchInput control={control} name="shuffle" label="Shuffle the prompts" />
    </Stack>
  );
}
