import { useId, type CSSProperties, type InputHTMLAttributes, type Ref } from "react";
import { Icon, type IconName } from "./icon";
import styles from "./text-field.module.css";

/** The native attributes and handlers of an <input> or, multiline, a <textarea>: its element is either. */
type FieldElement = HTMLInputElement & HTMLTextAreaElement;

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<FieldElement>,
  "size" | "className" | "id" | "placeholder"
> {
  label: string;
  /** A line under the field, read as the field's description. */
  helperText?: string;
  /** MUI's sizes: 56 px tall, or 40 px. */
  size?: "medium" | "small";
  /** A <textarea> of at least this many rows, growing with its text. */
  minRows?: number;
  error?: boolean;
  fullWidth?: boolean;
  /** MUI's margin="normal": 16 px above, 8 px below. */
  margin?: "none" | "normal";
  /** An icon at the start of the field (MUI's start adornment): the label then stays above the field. */
  icon?: IconName;
  className?: string;
  id?: string;
  inputRef?: Ref<FieldElement>;
}

/**
 * MUI's outlined TextField drawn without runtime styles: the label sits in the field until it is focused or
 * filled, then moves into a gap of the outline. The gap follows the field's state in CSS (a blank
 * placeholder is shown exactly while the field is empty), so it needs no script and renders on the server,
 * whether the field is controlled or not.
 */
export function TextField({
  label,
  helperText,
  size = "medium",
  minRows,
  error = false,
  fullWidth = false,
  margin = "none",
  icon,
  className,
  id,
  inputRef,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  const frame = [fullWidth && styles.fullWidth, margin === "normal" && styles.normal, error && styles.error, className];
  const control = [styles.control, icon && styles.withIcon, minRows && styles.multiline];
  const native = {
    ...input,
    id: inputId,
    ref: inputRef,
    placeholder: " ",
    className: styles.input,
    "aria-invalid": error,
    "aria-describedby": helperId,
  };
  return (
    <div className={fieldClasses(size, frame.filter(Boolean).join(" "), Boolean(icon))}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={control.filter(Boolean).join(" ")}>
        {icon && (
          <div className={styles.adornment}>
            <Icon name={icon} size={20} />
          </div>
        )}
        {minRows ? (
          <textarea {...native} rows={minRows} style={{ "--text-field-rows": minRows } as CSSProperties} />
        ) : (
          <input {...native} />
        )}
        <FieldOutline label={label} />
      </div>
      {helperText && (
        <p id={helperId} className={styles.helperText}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** The classes of a field's frame: MUI's FormControl, medium or small, its label above when `shrink`. */
export function fieldClasses(size: "medium" | "small", className?: string, shrink = false): string {
  return [styles.field, size === "small" && styles.small, shrink && styles.shrink, className].filter(Boolean).join(" ");
}

/** MUI's notched outline: a fieldset whose legend, the label's width, opens the gap the label sits in. */
export function FieldOutline({ label }: { label: string }) {
  return (
    <fieldset aria-hidden className={styles.outline}>
      <legend className={styles.legend}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}
