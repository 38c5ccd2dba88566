"use client";

import DeleteIcon from "@mui/icons-material/Delete";
import Autocomplete from "@mui/material/Autocomplete";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Switch from "@mui/material/Switch";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { Controller, get, useFormState, type Control, type FieldValues } from "react-hook-form";

// The editor's small fields, bound to react-hook-form by name, each showing the schema's message (or the
// server's) where it belongs. The form's values are the API's body, so names are the API's paths.

export type EditorControl = Control<FieldValues>;

interface Bound {
  control: EditorControl;
  name: string;
  label: string;
}

/** Text as typed (plain text, or HTML the server sanitizes). */
export function TextInput({ control, name, label, ...props }: Bound & Omit<TextFieldProps, "name">) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText}
          size="small"
          fullWidth={props.fullWidth ?? true}
        />
      )}
    />
  );
}

/** A number (decimals and negatives allowed): the form holds a number, or undefined while empty. */
export function NumberInput({
  control,
  name,
  label,
  width = 120,
  helperText,
}: Bound & { width?: number; helperText?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="number"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ""}
          onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          size="small"
          sx={{ width, flexShrink: 0 }}
          slotProps={{ htmlInput: { step: "any", inputMode: "decimal" } }}
        />
      )}
    />
  );
}

export function SwitchInput({ control, name, label }: Bound) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          <FormControlLabel
            label={label}
            control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
          />
          {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
        </>
      )}
    />
  );
}

/** Words typed one by one (tags, distractors): the form holds a list of strings. */
export function WordsInput({ control, name, label, helperText }: Bound & { helperText?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const itemError = ((fieldState.error as unknown as { message?: string }[] | undefined) ?? []).find?.(
          (e) => e?.message,
        )?.message;
        return (
          <Autocomplete
            multiple
            freeSolo
            // A word typed but not yet entered still counts when the field is left.
            autoSelect
            options={[]}
            value={(field.value as string[] | undefined) ?? []}
            onChange={(_, value) => field.onChange(value.map((v) => String(v).trim()).filter(Boolean))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                margin="normal"
                size="small"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? itemError ?? helperText ?? "Press Enter after each one"}
              />
            )}
          />
        );
      }}
    />
  );
}

/** A list's own message (too few choices, fractions not adding up), under the list. */
export function ListError({ control, name }: { control: EditorControl; name: string }) {
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.root?.message ?? error?.message;
  return message ? (
    <FormHelperText error role="alert">
      {message}
    </FormHelperText>
  ) : null;
}

export function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small" sx={{ mt: 0.5 }}>
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
}
