import styles from "./ui.module.css";

/** A busy indicator that looks like MUI's CircularProgress, usable where MUI is not loaded. */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span className={styles.spinner} role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44" width={40} height={40} aria-hidden focusable="false">
        <circle className={styles.spinnerCircle} cx={44} cy={44} r={20.2} fill="none" strokeWidth={3.6} />
      </svg>
    </span>
  );
}

/** The one loading indicator of a whole area: lazily loaded screens and waits for the session. */
export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.centered}>
      <Spinner label={label} />
    </div>
  );
}
