import styles from "./controls.module.css";

export interface ToggleButtonsProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * One of a few choices, as MUI's exclusive small ToggleButtonGroup: buttons that say whether they are
 * pressed; pressing the chosen one again keeps it.
 */
export function ToggleButtons<T extends string>({ label, options, value, onChange }: ToggleButtonsProps<T>) {
  return (
    <div role="group" aria-label={label} className={styles.toggleGroup}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.toggle}
          aria-pressed={option.value === value}
          value={option.value}
          onClick={() => option.value !== value && onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
