import shapes from "./icons.module.css";
import type { IconName } from "./icon-sources";
import styles from "./ui.module.css";

export type { IconName } from "./icon-sources";

/** CSS pixels: 24 is MUI's default icon size; the others are the sizes MUI's buttons, fields and notices use. */
export type IconSize = 18 | 20 | 22 | 24 | 48 | 56;

const SIZE_CLASS: Record<IconSize, string | undefined> = {
  18: styles.icon18,
  20: styles.icon20,
  22: styles.icon22,
  24: undefined,
  48: styles.icon48,
  56: styles.icon56,
};

export interface IconProps {
  name: IconName;
  size?: IconSize;
  className?: string;
}

/**
 * A Material icon: one element painted in the text's colour through the icon's shape, a mask from the
 * icons' stylesheet (./icon-stylesheet.ts says why not SVG). Decorative: hidden from assistive technology,
 * as MUI's are.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  const classes = [styles.icon, shapes[name], SIZE_CLASS[size], className].filter(Boolean).join(" ");
  return <span className={classes} aria-hidden />;
}
