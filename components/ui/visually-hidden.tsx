import type { ReactNode } from "react";
import styles from "./ui.module.css";

/** Text for assistive technology only: read out, never drawn. */
export function VisuallyHidden({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} className={styles.visuallyHidden}>
      {children}
    </span>
  );
}
