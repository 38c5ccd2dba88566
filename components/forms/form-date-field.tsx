"use client";

import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { dateFromString, stringFromDate } from "@/components/forms/date-value";

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText?: string;
}

/** A MUI X date picker bound to a "YYYY-MM-DD" form value (inside a PickersProvider). */
export function FormDateField<T extends FieldValues>({ control, name, label, helperText }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          value={dateFromString(field.value)}
          onChange={(date) => field.onChange(stringFromDate(date))}
          slotProps={{
            field: { clearable: true },
            textField: {
              name: field.name,
              onBlur: field.onBlur,
              margin: "normal",
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message ?? helperText,
            },
          }}
        />
      )}
    />
  );
}
