import { useId, type Ref, type SelectHTMLAttributes } from "react";
import styles from "./text-field.module.css";
import { Icon } from "./icon";
import { FieldOutline, fieldClasses } from "./text-field";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "size" | "className" | "id"> {
  label: string;
  options: readonly SelectOption[];
  size?: "medium" | "small";
  className?: string;
  id?: string;
  /**
   * While the first option (e.g. "All roles") is chosen, the field shows only its label, inside it (MUI's
   * select without displayEmpty); otherwise the label stays above and the first option shows.
   */
  labelInside?: boolean;
  /** A line under the field, read as the field's description (MUI's helperText); red when `error`. */
  helperText?: string;
  error?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
}

/**
 * A native <select> that looks like MUI's outlined select with its label always above (the first option,
 * e.g. "All statuses", shows in the field). The list that opens is the browser's own: a filter of a few
 * fixed choices needs no more, and it renders on the server without runtime styles.
 */
export function Select({
  label,
  options,
  size = "medium",
  className,
  id,
  labelInside,
  helperText,
  error = false,
  selectRef,
  ...select
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const helperId = helperText ? `${selectId}-helper-text` : undefined;
  const frame = [error && styles.error, className].filter(Boolean).join(" ");
  return (
    <div className={fieldClasses(size, frame || undefined, !labelInside)}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <select
          id={selectId}
          ref={selectRef}
          aria-invalid={error || undefined}
          aria-describedby={helperId}
          {...select}
          className={`${styles.input} ${styles.select}${labelInside ? ` ${styles.labelInside}` : ""}`}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Icon name="arrowDropDown" className={styles.selectIcon} />
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
