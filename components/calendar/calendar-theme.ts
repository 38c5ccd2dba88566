// The calendar's colours: the palette colour of each kind of entry (calendar.module.css points
// FullCalendar's own variables at the theme's).

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
