import { useId, type InputHTMLAttributes } from "react";
import styles from "./field.module.css";
import { Icon, type IconName } from "./icon";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "className" | "id"> {
  label: string;
  /** A line under the field, read as the field's description. */
  helperText?: string;
  /** MUI's sizes: 56 px tall, or 40 px. */
  size?: "medium" | "small";
  className?: string;
  id?: string;
  /** An icon at the start of the field (MUI's start adornment): the label then stays above the field. */
  icon?: IconName;
}

/**
 * MUI's outlined TextField drawn without runtime styles: the label sits in the field until it is focused or
 * filled, then moves into a gap of the outline. The gap follows the field's state in CSS (a blank
 * placeholder is shown exactly while the field is empty), so it needs no script and renders on the server.
 */
export function TextField({ label, helperText, size = "medium", className, id, icon, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <div className={fieldClasses(size, className, Boolean(icon))}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={icon ? `${styles.control} ${styles.withIcon}` : styles.control}>
        {icon && (
          <div className={styles.adornment}>
            <Icon name={icon} size={20} />
          </div>
        )}
        <input id={inputId} aria-describedby={helperId} {...input} placeholder=" " className={styles.input} />
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

/** The classes of a field's frame: MUI's FormControl, medium or small. */
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
