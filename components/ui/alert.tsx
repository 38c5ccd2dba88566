import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";
import styles from "./ui.module.css";

export type AlertSeverity = "error" | "warning" | "info" | "success";

export interface AlertProps {
  severity: AlertSeverity;
  children: ReactNode;
  /** A line in bold above the message (MUI's AlertTitle). */
  title?: string;
  /** Another icon than the severity's own, at MUI's medium size as an icon given to MUI's Alert is drawn. */
  icon?: IconName;
  className?: string;
  "data-testid"?: string;
}

/** MUI's standard Alert, drawn without runtime styles; errors are announced (role="alert") as MUI's are. */
export function Alert({ severity, children, title, icon, className, "data-testid": testId }: AlertProps) {
  return (
    <div
      className={[styles.alert, styles[severity], className].filter(Boolean).join(" ")}
      role="alert"
      data-testid={testId}
    >
      <span className={styles.alertIcon}>{icon ? <Icon name={icon} /> : <Icon name={severity} size={22} />}</span>
      <div className={styles.alertMessage}>
        {title && <div className={styles.alertTitle}>{title}</div>}
        {children}
      </div>
    </div>
  );
}
