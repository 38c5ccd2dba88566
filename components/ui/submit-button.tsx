"use client";

import type { ReactNode } from "react";
import { useIsHydrated } from "@/components/hooks/use-browser";
import { buttonClasses, type ButtonSize } from "./button";
import { Icon, type IconName } from "./icon";
import styles from "./submit-button.module.css";

/**
 * A form's submit button (MUI's contained Button), disabled until React has hydrated the form: a click
 * before that would submit the form natively and put its fields into the URL. Drawn without runtime styles.
 */
export function SubmitButton({
  isSubmitting,
  children,
  size = "large",
  endIcon,
}: {
  isSubmitting: boolean;
  children: ReactNode;
  size?: ButtonSize;
  /** An icon after the label, as MUI's endIcon. */
  endIcon?: IconName;
}) {
  const isHydrated = useIsHydrated();
  return (
    <button type="submit" className={buttonClasses("contained", size)} disabled={!isHydrated || isSubmitting}>
      {children}
      {endIcon && (
        <span className={styles.endIcon}>
          <Icon name={endIcon} size={size === "small" ? 18 : size === "medium" ? 20 : 22} />
        </span>
      )}
    </button>
  );
}
