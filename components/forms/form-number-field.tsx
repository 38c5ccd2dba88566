"use client";

import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";

type Props<T extends FieldValues> = Omit<TextFieldProps, "name" | "type"> & {
  control: Control<T>;
  name: Path<T>;
  min?: number;
  max?: number;
};

/** A whole-number field bound to react-hook-form: the form holds a number (or undefined while empty), as the zod schema expects. */
export function FormNumberField<T extends FieldValues>({ control, name, min, max, ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          type="number"
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ""}
          onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText}
          margin="normal"
          fullWidth
          slotProps={{ htmlInput: { min, max, step: 1, inputMode: "numeric" } }}
        />
      )}
    />
  );
}
