"use client";

import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/** A select bound to react-hook-form; numeric options come back as numbers. */
export function FormSelect<T extends FieldValues, V extends string | number>({
  control,
  name,
  label,
  options,
  helperText,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption<V>[];
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          margin="normal"
          fullWidth
          value={field.value ?? ""}
          onChange={(e) => {
            const option = options.find((o) => String(o.value) === e.target.value);
            field.onChange(option ? option.value : e.target.value);
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((o) => (
            <MenuItem key={String(o.value)} value={String(o.value)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
