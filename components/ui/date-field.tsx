import { TextField, type TextFieldProps } from "./text-field";

export interface DateFieldProps extends Omit<TextFieldProps, "type" | "value" | "min" | "max" | "minRows" | "icon"> {
  /** The day as yyyy-MM-dd ("" for none). */
  value: string;
  /** The first and last days the field offers, as yyyy-MM-dd. */
  min?: string;
  max?: string;
}

/**
 * A day in MUI's outlined field, as the browser's own date input: it shows and reads the day in the
 * reader's own format and offers its calendar, with no script of ours. Its label stays above the field,
 * where the empty input shows that format.
 */
export function DateField(props: DateFieldProps) {
  return <TextField {...props} type="date" />;
}
