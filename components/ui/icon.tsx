import { ICON_SHAPES } from "./icon-shapes";
import type { IconName } from "./icon-sources";
import styles from "./ui.module.css";

export type { IconName } from "./icon-sources";

export interface IconProps {
  name: IconName;
  /** CSS pixels; 24 as MUI's default icon size. */
  size?: number;
  className?: string;
}

/** A Material icon as plain SVG (decorative: hidden from assistive technology, as MUI's are). */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
    >
      {/* The shapes never reorder, so their index is their key (a path's own data as key is sent twice). */}
      {ICON_SHAPES[name].map((d, index) => (
        <path key={index} d={d} />
      ))}
    </svg>
  );
}
