"use client";

import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Select, type SelectOption } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import styles from "./settings.module.css";

// The settings forms' fields bound to react-hook-form, drawn from components/ui (no runtime styles): what
// components/forms' FormSwitch, FormSelect and FormNumberField draw with MUI, the zod message under the field.

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText?: string;
}

/** An on/off field (FormSwitch). */
export function SwitchField<T extends FieldValues>({ control, name, label, helperText }: FieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Switch
          label={label}
          name={field.name}
          inputRef={field.ref}
          checked={Boolean(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          helperText={fieldState.error?.message ?? helperText}
          error={Boolean(fieldState.error)}
        />
      )}
    />
  );
}

/** One of a few fixed text choices (FormSelect), the browser's own list: a native <select>, full width. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  options,
}: FieldProps<T> & { options: readonly SelectOption[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          options={options}
          className={styles.field}
          name={field.name}
          selectRef={field.ref}
          value={field.value ?? ""}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** A whole number (FormNumberField): the form holds a number, or undefined while the field is empty. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  min,
  max,
}: FieldProps<T> & { min?: number; max?: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ""}
          onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          min={min}
          max={max}
          step={1}
          inputMode="numeric"
          fullWidth
          margin="normal"
        />
      )}
    />
  );
}
