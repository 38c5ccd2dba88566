import { useId, type FocusEventHandler, type Ref } from "react";
import styles from "./switch.module.css";

export interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  disabled?: boolean;
  /** A line under the switch, read as its description; in the error colour when `error`. */
  helperText?: string;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * MUI's Switch inside a FormControlLabel (its label after it), drawn without runtime styles: a native
 * checkbox with the switch role, so the label, the keyboard and the checked state are the browser's own.
 * With a line of explanation it is a block of its own, the line under the label as MUI's FormHelperText.
 */
export function Switch({ label, checked, onChange, onBlur, name, disabled, helperText, error, inputRef }: SwitchProps) {
  const helperId = useId();
  const control = (
    <label className={[styles.control, disabled && styles.disabled].filter(Boolean).join(" ")}>
      <span className={styles.root}>
        <span className={[styles.base, checked && styles.checked].filter(Boolean).join(" ")}>
          <input
            type="checkbox"
            role="switch"
            className={styles.input}
            name={name}
            ref={inputRef}
            checked={checked}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked)}
            onBlur={onBlur}
            aria-describedby={helperText ? helperId : undefined}
          />
          <span className={styles.thumb} />
        </span>
        <span className={styles.track} />
      </span>
      <span className={styles.label}>{label}</span>
    </label>
  );
  if (!helperText) return control;
  return (
    <div>
      {control}
      <p id={helperId} className={[styles.helperText, error && styles.error].filter(Boolean).join(" ")}>
        {helperText}
      </p>
    </div>
  );
}
