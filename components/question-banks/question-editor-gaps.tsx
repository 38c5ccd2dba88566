"use client";

import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { ChoicesEditor } from "@/components/question-banks/question-editor-choices";
import { defaultGap, type GapKind } from "@/components/question-banks/question-editor-defaults";
import {
  ListError,
  NumberInput,
  RemoveButton,
  TextInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";
import { NumericEditor } from "@/components/question-banks/question-editor-numeric";
import { ShortAnswerEditor } from "@/components/question-banks/question-editor-short-answer";

const GAP_KINDS: Record<GapKind, string> = { short_answer: "Short answer", numeric: "Numeric", choice: "Choice" };

/** Fill in the blanks: each gap, written in the stem as [[id]], is a short answer, a number or a choice. */
export function GapsEditor({ control }: { control: EditorControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: "gaps", keyName: "key" });
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Write each gap in the stem as [[id]], e.g. &quot;Built in [[year]]&quot;, exactly once.
      </Typography>
      {fields.map((field, i) => (
        <GapEditor
          key={field.key}
          control={control}
          index={i}
          onRemove={() => remove(i)}
          removable={fields.length > 1}
        />
      ))}
      <ListError control={control} name="gaps" />
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append(defaultGap("short_answer", `gap${fields.length + 1}`))}>
          Add gap
        </Button>
      </div>
    </Stack>
  );
}

function GapEditor({
  control,
  index,
  onRemove,
  removable,
}: {
  control: EditorControl;
  index: number;
  onRemove: () => void;
  removable: boolean;
}) {
  const { setValue, getValues } = useFormContext();
  const at = `gaps.${index}`;
  const kind = (useWatch({ control, name: `${at}.type` }) as GapKind | undefined) ?? "short_answer";
  const change = (next: GapKind) => {
    const { id, weight } = getValues(at) as { id: string; weight?: number };
    setValue(at, { ...defaultGap(next, id), weight: weight ?? 1 });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`Gap ${index + 1}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextInput control={control} name={`${at}.id`} label={`Gap ${index + 1} id`} sx={{ maxWidth: 200 }} />
        <TextField
          select
          size="small"
          label={`Gap ${index + 1} kind`}
          value={kind}
          onChange={(e) => change(e.target.value as GapKind)}
          sx={{ width: 180 }}
        >
          {Object.entries(GAP_KINDS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <NumberInput control={control} name={`${at}.weight`} label={`Gap ${index + 1} weight`} width={150} />
        <RemoveButton label={`Remove gap ${index + 1}`} onClick={onRemove} disabled={!removable} />
      </Stack>
      {/* Keyed by kind: a new kind's lists start from its defaults. */}
      {kind === "short_answer" && <ShortAnswerEditor key={kind} control={control} prefix={`${at}.`} />}
      {kind === "numeric" && <NumericEditor key={kind} control={control} prefix={`${at}.`} />}
      {kind === "choice" && <ChoicesEditor key={kind} control={control} prefix={`${at}.`} plain />}
    </Paper>
  );
}
