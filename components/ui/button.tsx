import type { ReactNode } from "react";
import { Icon, type IconName, type IconSize } from "./icon";
import styles from "./ui.module.css";

export type ButtonVariant = "contained" | "outlined" | "text";
export type ButtonSize = "small" | "medium" | "large";

/** MUI's startIcon sizes: the icon follows the button's size. */
const ICON_SIZE: Record<ButtonSize, IconSize> = { small: 18, medium: 20, large: 22 };

/** The class list of a button of MUI's look: .button alone is contained and medium. */
export function buttonClasses(variant: ButtonVariant, size: ButtonSize, inherit = false, extra?: string): string {
  return [
    styles.button,
    variant !== "contained" && styles[variant],
    size !== "medium" && styles[size],
    inherit && styles.inherit,
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

/** A button's label with MUI's start icon before it. */
export function ButtonLabel({ icon, size, children }: { icon?: IconName; size: ButtonSize; children: ReactNode }) {
  return (
    <>
      {icon && (
        <span className={styles.buttonStartIcon}>
          <Icon name={icon} size={ICON_SIZE[size]} />
        </span>
      )}
      {children}
    </>
  );
}

export interface ButtonProps {
  children: ReactNode;
  onClick: () => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The text's colour instead of the primary colour (MUI's color="inherit"). */
  inherit?: boolean;
  disabled?: boolean;
  icon?: IconName;
  /** The accessible name when the text alone is not enough (several buttons saying "Start" in one list). */
  "aria-label"?: string;
}

/** A <button> that looks like MUI's Button, drawn without runtime styles. */
export function Button({
  children,
  onClick,
  variant = "contained",
  size = "medium",
  inherit,
  disabled,
  icon,
  "aria-label": ariaLabel,
}: ButtonProps) {
  return (
    <button
      type="button"
      className={buttonClasses(variant, size, inherit)}
      onClick={onClick}
      disabled={disabled}
      aria-label={ariaLabel}
    >
      <ButtonLabel icon={icon} size={size}>
        {children}
      </ButtonLabel>
    </button>
  );
}
