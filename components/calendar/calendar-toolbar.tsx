"use client";

import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import type { CalendarViewName } from "@/components/calendar/calendar-entries";

interface Props {
  title: string;
  view: CalendarViewName;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  onView: (view: CalendarViewName) => void;
}

const VIEW_LABELS: Record<CalendarViewName, string> = { month: "Month", week: "Week", agenda: "Agenda" };

/** The calendar's own controls as MUI components: previous, today, next, the period's title and the view. */
export function CalendarToolbar({ title, view, onPrevious, onToday, onNext, onView }: Props) {
  const unit = view === "week" ? "week" : "month";
  return (
    <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mb: 2 }}>
      <IconButton aria-label={`Previous ${unit}`} onClick={onPrevious}>
        <ChevronLeftIcon />
      </IconButton>
      <Button variant="outlined" size="small" onClick={onToday}>
        Today
      </Button>
      <IconButton aria-label={`Next ${unit}`} onClick={onNext}>
        <ChevronRightIcon />
      </IconButton>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1, ml: 1 }} aria-live="polite">
        {title}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_, next: CalendarViewName | null) => next && onView(next)}
        aria-label="Calendar view"
      >
        {(Object.keys(VIEW_LABELS) as CalendarViewName[]).map((name) => (
          <ToggleButton key={name} value={name}>
            {VIEW_LABELS[name]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
