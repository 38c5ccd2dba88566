import type { SxProps, Theme } from "@mui/material/styles";

// FullCalendar's Monarch theme reads its colours from --fc-monarch-* variables; these point them at the
// MUI theme's own CSS variables, so the calendar follows the brand colour and light/dark mode with the
// rest of the app. Secondary text uses text.secondary (not the theme's faint grey) to keep AA contrast.

const alpha = (channel: string, opacity: number) => `rgba(var(--mui-palette-${channel}) / ${opacity})`;

export const calendarThemeSx: SxProps<Theme> = {
  "--fc-monarch-primary": "var(--mui-palette-primary-main)",
  "--fc-monarch-primary-foreground": "var(--mui-palette-primary-contrastText)",
  "--fc-monarch-primary-over": "var(--mui-palette-primary-dark)",
  "--fc-monarch-primary-down": "var(--mui-palette-primary-dark)",
  "--fc-monarch-secondary": alpha("primary-mainChannel", 0.12),
  "--fc-monarch-secondary-foreground": "var(--mui-palette-text-primary)",
  "--fc-monarch-secondary-over": alpha("primary-mainChannel", 0.2),
  "--fc-monarch-secondary-down": alpha("primary-mainChannel", 0.28),
  "--fc-monarch-tertiary": "var(--mui-palette-primary-main)",
  "--fc-monarch-tertiary-foreground": "var(--mui-palette-primary-contrastText)",
  "--fc-monarch-tertiary-over": "var(--mui-palette-primary-dark)",
  "--fc-monarch-tertiary-down": "var(--mui-palette-primary-dark)",
  "--fc-monarch-event": "var(--mui-palette-primary-main)",
  "--fc-monarch-event-contrast": "var(--mui-palette-primary-contrastText)",
  "--fc-monarch-highlight": alpha("primary-mainChannel", 0.12),
  "--fc-monarch-now": "var(--mui-palette-error-main)",
  "--fc-monarch-selected": "var(--mui-palette-primary-main)",
  "--fc-monarch-selected-foreground": "var(--mui-palette-primary-contrastText)",
  "--fc-monarch-selected-over": "var(--mui-palette-primary-dark)",
  "--fc-monarch-selected-down": "var(--mui-palette-primary-dark)",
  "--fc-monarch-outline": "var(--mui-palette-primary-main)",
  "--fc-monarch-ring-color": "var(--mui-palette-primary-main)",
  "--fc-monarch-popover": "var(--mui-palette-background-paper)",
  "--fc-monarch-popover-foreground": "var(--mui-palette-text-primary)",
  "--fc-monarch-background": "var(--mui-palette-background-paper)",
  "--fc-monarch-faint": alpha("text-primaryChannel", 0.04),
  "--fc-monarch-muted": alpha("text-primaryChannel", 0.08),
  "--fc-monarch-strong": alpha("text-primaryChannel", 0.14),
  "--fc-monarch-stronger": alpha("text-primaryChannel", 0.18),
  "--fc-monarch-strongest": alpha("text-primaryChannel", 0.24),
  "--fc-monarch-foreground": "var(--mui-palette-text-primary)",
  "--fc-monarch-strong-foreground": "var(--mui-palette-text-primary)",
  "--fc-monarch-muted-foreground": "var(--mui-palette-text-secondary)",
  "--fc-monarch-faint-foreground": "var(--mui-palette-text-secondary)",
  "--fc-monarch-border": "var(--mui-palette-divider)",
  "--fc-monarch-strong-border": alpha("text-primaryChannel", 0.3),
  fontFamily: "inherit",
};

/** An entry's colours by what it is: the organization's, a course's, a group's, or a course date. */
export const ENTRY_COLORS = {
  organization: "primary",
  course: "secondary",
  group: "success",
  dates: "warning",
} as const;

export function entryColors(key: keyof typeof ENTRY_COLORS): {
  backgroundColor: string;
  borderColor: string;
  textColor: string;
} {
  const palette = ENTRY_COLORS[key];
  return {
    backgroundColor: `var(--mui-palette-${palette}-main)`,
    borderColor: `var(--mui-palette-${palette}-main)`,
    textColor: `var(--mui-palette-${palette}-contrastText)`,
  };
}
