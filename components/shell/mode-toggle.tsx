"use client";

import styles from "@/components/shell/shell.module.css";
import { useThemeChoice } from "@/components/shell/theme-mode";
import { Icon } from "@/components/ui/icon";

export function ModeToggle() {
  const theme = useThemeChoice();
  const isDark = theme.current === "dark";
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={isDark ? "Switch to light mode" : "Switch to dark mode"}
      // Until the page knows the mode, a click could not be acted on (and the label might be wrong).
      disabled={!theme.known}
      // Saved with the account too; if that fails, this browser keeps the choice all the same.
      onClick={() => void theme.choose(isDark ? "light" : "dark").catch(() => undefined)}
    >
      {/* Both icons are drawn and the colour-scheme class picks one, so the right one shows on the first paint. */}
      <Icon name="darkMode" className={styles.onlyLight} />
      <Icon name="lightMode" className={styles.onlyDark} />
    </button>
  );
}
