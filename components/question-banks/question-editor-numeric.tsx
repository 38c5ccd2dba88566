"use client";

import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import {
  ListError,
  NumberInput,
  RemoveButton,
  SwitchInput,
  TextInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";

/** Numeric (or a numeric gap under `prefix`): answers as a value with a tolerance or a range; units. */
export function NumericEditor({ control, prefix = "" }: { control: EditorControl; prefix?: string }) {
  const name = `${prefix}answers`;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: "key" });
  return (
    <Stack spacing={1.5} sx={{ my: 2 }}>
      {fields.map((field, i) => (
        <Stack
          key={field.key}
          direction="row"
          spacing={1}
          sx={{ alignItems: "flex-start", flexWrap: "wrap" }}
          useFlexGap
        >
          <NumericAnswerBounds control={control} at={`${name}.${i}`} n={i + 1} />
          <NumberInput
            control={control}
            name={`${name}.${i}.fraction`}
            label={`Answer ${i + 1} fraction`}
            width={150}
          />
          <TextInput
            control={control}
            name={`${name}.${i}.feedback`}
            label={`Answer ${i + 1} feedback`}
            sx={{ flex: 1, minWidth: 160 }}
          />
          <RemoveButton label={`Remove answer ${i + 1}`} onClick={() => remove(i)} disabled={fields.length <= 1} />
          <ListError control={control} name={`${name}.${i}`} />
        </Stack>
      ))}
      <ListError control={control} name={name} />
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ value: undefined, tolerance: 0, fraction: 0, feedback: "" })}
        >
          Add answer
        </Button>
      </div>
      <UnitsEditor control={control} prefix={prefix} />
    </Stack>
  );
}

/** A value ± tolerance, or min to max: switching clears the other's fields, which the schema refuses together. */
function NumericAnswerBounds({ control, at, n }: { control: EditorControl; at: string; n: number }) {
  const { setValue } = useFormContext();
  const [min, max] = useWatch({ control, name: [`${at}.min`, `${at}.max`] }) as [unknown, unknown];
  const kind = useWatch({ control, name: `${at}._kind` }) as string | undefined;
  const shown = kind ?? (min !== undefined || max !== undefined ? "range" : "value");
  const choose = (next: string) => {
    setValue(`${at}._kind`, next);
    for (const key of next === "range" ? ["value", "tolerance"] : ["min", "max"]) setValue(`${at}.${key}`, undefined);
  };
  return (
    <>
      <TextField
        select
        size="small"
        label={`Answer ${n} is`}
        value={shown}
        onChange={(e) => choose(e.target.value)}
        sx={{ width: 170 }}
      >
        <MenuItem value="value">a value</MenuItem>
        <MenuItem value="range">a range</MenuItem>
      </TextField>
      {shown === "range" ? (
        <>
          <NumberInput control={control} name={`${at}.min`} label={`Answer ${n} from`} />
          <NumberInput control={control} name={`${at}.max`} label={`Answer ${n} to`} />
        </>
      ) : (
        <>
          <NumberInput control={control} name={`${at}.value`} label={`Answer ${n} value`} />
          <NumberInput control={control} name={`${at}.tolerance`} label={`Answer ${n} tolerance`} width={150} />
        </>
      )}
    </>
  );
}

function UnitsEditor({ control, prefix }: { control: EditorControl; prefix: string }) {
  const name = `${prefix}units`;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: "key" });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        Units
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Optional. The answers are in the unit of multiplier 1; a response in another unit is divided by its multiplier.
      </Typography>
      {fields.map((field, i) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextInput control={control} name={`${name}.${i}.unit`} label={`Unit ${i + 1}`} sx={{ maxWidth: 200 }} />
          <NumberInput
            control={control}
            name={`${name}.${i}.multiplier`}
            label={`Unit ${i + 1} multiplier`}
            width={170}
          />
          <RemoveButton label={`Remove unit ${i + 1}`} onClick={() => remove(i)} />
        </Stack>
      ))}
      <ListError control={control} name={name} />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button startIcon={<AddIcon />} onClick={() => append({ unit: "", multiplier: fields.length ? undefined : 1 })}>
          Add unit
        </Button>
        <SwitchInput control={control} name={`${prefix}unit_required`} label="A unit is required" />
      </Stack>
    </Stack>
  );
}
