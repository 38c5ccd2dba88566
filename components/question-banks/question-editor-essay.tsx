"use client";

import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { FormRichTextEditor } from "@/components/forms/rich-text-editor";
import {
  ListError,
  NumberInput,
  RemoveButton,
  TextInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";

/** Essay: word limits, guidance for the person grading, and a comment or a rubric. */
export function EssayEditor({ control }: { control: EditorControl }) {
  const { setValue } = useFormContext();
  const method = (useWatch({ control, name: "grading.method" }) as string | undefined) ?? "comment";
  return (
    <Stack spacing={1} sx={{ my: 2 }}>
      <Stack direction="row" spacing={2}>
        <NumberInput control={control} name="min_words" label="Minimum words" width={170} />
        <NumberInput control={control} name="max_words" label="Maximum words" width={170} />
      </Stack>
      <FormRichTextEditor control={control} name="grader_info" label="Guidance for the grader" minHeight={80} images />
      <TextField
        select
        size="small"
        label="Graded with"
        value={method}
        onChange={(e) =>
          setValue(
            "grading",
            e.target.value === "rubric" ? { method: "rubric", criteria: [newCriterion(1)] } : { method: "comment" },
          )
        }
        sx={{ maxWidth: 260 }}
      >
        <MenuItem value="comment">A mark and a comment</MenuItem>
        <MenuItem value="rubric">A rubric</MenuItem>
      </TextField>
      {method === "rubric" && <RubricEditor control={control} />}
    </Stack>
  );
}

const newCriterion = (n: number) => ({
  id: `criterion${n}`,
  description: "",
  levels: [
    { points: 0, description: "" },
    { points: 1, description: "" },
  ],
});

function RubricEditor({ control }: { control: EditorControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: "grading.criteria", keyName: "key" });
  return (
    <Stack spacing={2}>
      {fields.map((field, i) => (
        <Paper key={field.key} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`Criterion ${i + 1}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <TextInput control={control} name={`grading.criteria.${i}.description`} label={`Criterion ${i + 1}`} />
            <RemoveButton label={`Remove criterion ${i + 1}`} onClick={() => remove(i)} disabled={fields.length <= 1} />
          </Stack>
          <LevelsEditor control={control} at={`grading.criteria.${i}`} n={i + 1} />
        </Paper>
      ))}
      <ListError control={control} name="grading.criteria" />
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append(newCriterion(fields.length + 1))}>
          Add criterion
        </Button>
      </div>
    </Stack>
  );
}

function LevelsEditor({ control, at, n }: { control: EditorControl; at: string; n: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `${at}.levels`, keyName: "key" });
  return (
    <Stack spacing={1} sx={{ mt: 1, pl: 2 }}>
      {fields.map((field, j) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <NumberInput
            control={control}
            name={`${at}.levels.${j}.points`}
            label={`Criterion ${n} level ${j + 1} points`}
            width={200}
          />
          <TextInput control={control} name={`${at}.levels.${j}.description`} label={`Criterion ${n} level ${j + 1}`} />
          <RemoveButton
            label={`Remove criterion ${n} level ${j + 1}`}
            onClick={() => remove(j)}
            disabled={fields.length <= 2}
          />
        </Stack>
      ))}
      <ListError control={control} name={`${at}.levels`} />
      <div>
        <Button size="small" startIcon={<AddIcon />} onClick={() => append({ points: fields.length, description: "" })}>
          Add level
        </Button>
      </div>
    </Stack>
  );
}
