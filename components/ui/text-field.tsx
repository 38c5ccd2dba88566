import { useId, type ChangeEvent, type CSSProperties, type KeyboardEvent, type Ref } from "react";
import { Icon, type IconName } from "./icon";
import styles from "./text-field.module.css";

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  name?: string;
  type?: "text" | "search" | "email";
  size?: "small" | "medium";
  /** A <textarea> of at least this many rows, growing with its text. */
  minRows?: number;
  helperText?: string;
  error?: boolean;
  fullWidth?: boolean;
  /** MUI's margin="normal": 16 px above, 8 px below. */
  margin?: "none" | "normal";
  /** An icon before the text, as MUI's start adornment (the label then stays small above the box). */
  icon?: IconName;
  disabled?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** MUI's outlined TextField, drawn without runtime styles: the label is the control's <label>. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  onKeyDown,
  name,
  type = "text",
  size = "medium",
  minRows,
  helperText,
  error = false,
  fullWidth = false,
  margin = "none",
  icon,
  disabled,
  className,
  inputRef,
}: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const isShrunk = value !== "" || icon !== undefined;
  const fieldClasses = [
    styles.field,
    fullWidth && styles.fullWidth,
    margin === "normal" && styles.normal,
    size === "small" && styles.small,
    isShrunk && styles.shrunk,
    error && styles.error,
    className,
  ];
  const inputClasses = [styles.input, icon && styles.adorned, minRows && styles.multiline];
  const common = {
    id,
    name,
    value,
    onChange,
    onBlur,
    onKeyDown,
    disabled,
    ref: inputRef,
    className: styles.control,
    "aria-invalid": error,
    "aria-describedby": helperText ? helperId : undefined,
  };
  return (
    <div className={fieldClasses.filter(Boolean).join(" ")}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={inputClasses.filter(Boolean).join(" ")}>
        {icon && (
          <span className={styles.adornment}>
            <Icon name={icon} size={20} />
          </span>
        )}
        {minRows ? (
          <textarea {...common} rows={minRows} style={{ "--text-field-rows": minRows } as CSSProperties} />
        ) : (
          <input {...common} type={type} />
        )}
        <fieldset aria-hidden className={styles.outline}>
          <legend className={styles.legend}>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
