"use client";

import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Switch from "@mui/material/Switch";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";

/** An on/off field bound to react-hook-form, with an optional line of explanation under it. */
export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                disabled={disabled}
              />
            }
            label={label}
            sx={{ mt: 1 }}
          />
          {(fieldState.error || helperText) && (
            <FormHelperText error={Boolean(fieldState.error)} sx={{ mt: 0, ml: 6 }}>
              {fieldState.error?.message ?? helperText}
            </FormHelperText>
          )}
        </>
      )}
    />
  );
}
