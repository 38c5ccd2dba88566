import styles from "./controls.module.css";

/** A busy bar that looks like MUI's indeterminate LinearProgress, usable where MUI is not loaded. */
export function LinearProgress({ label }: { label: string }) {
  return (
    <span className={styles.linearProgress} role="progressbar" aria-label={label}>
      <span className={styles.linearBar} />
      <span className={styles.linearBar} />
    </span>
  );
}
