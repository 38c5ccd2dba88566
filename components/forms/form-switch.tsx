"use client";

import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Switch from "@mui/material/Switch";
import { useId } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";

/**
 * An on/off field bound to react-hook-form, with an optional line of explanation under it. A switch with
 * a line is a block of its own, so the line stands under the switch it explains even where switches
 * without one sit side by side; the switch names the line as its description.
 */
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
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const hint = fieldState.error?.message ?? helperText;
        const control = (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                disabled={disabled}
                slotProps={{ input: hint ? { "aria-describedby": hintId } : {} }}
              />
            }
            label={label}
            sx={{ mt: 1 }}
          />
        );
        if (!hint) return control;
        return (
          <Box>
            {control}
            <FormHelperText id={hintId} error={Boolean(fieldState.error)} sx={{ mt: 0, ml: 6 }}>
              {hint}
            </FormHelperText>
          </Box>
        );
      }}
    />
  );
}
