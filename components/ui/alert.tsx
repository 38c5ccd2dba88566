import type { ReactNode } from "react";
import { Icon } from "./icon";
import styles from "./ui.module.css";

export type AlertSeverity = "error" | "warning" | "info" | "success";

/** MUI's standard Alert, drawn without runtime styles; errors are announced (role="alert") as MUI's are. */
export function Alert({ severity, children }: { severity: AlertSeverity; children: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[severity]}`} role="alert">
      <span className={styles.alertIcon}>
        <Icon name={severity} size={22} />
      </span>
      <div className={styles.alertMessage}>{children}</div>
    </div>
  );
}
