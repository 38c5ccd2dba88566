"use client";

import type { CalendarViewName } from "@/components/calendar/calendar-entries";
import styles from "@/components/calendar/calendar.module.css";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { ToggleButtons } from "@/components/ui/toggle-buttons";

interface Props {
  title: string;
  view: CalendarViewName;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  onView: (view: CalendarViewName) => void;
}

const VIEW_OPTIONS: { value: CalendarViewName; label: string }[] = [
  { value: "month", label: "Month" },
  { value: "week", label: "Week" },
  { value: "agenda", label: "Agenda" },
];

/** The calendar's own controls: previous, today, next, the period's title and the view. */
export function CalendarToolbar({ title, view, onPrevious, onToday, onNext, onView }: Props) {
  const unit = view === "week" ? "week" : "month";
  return (
    <div className={styles.toolbar}>
      <IconButton icon="chevronLeft" label={`Previous ${unit}`} onClick={onPrevious} />
      <Button variant="outlined" size="small" onClick={onToday}>
        Today
      </Button>
      <IconButton icon="chevronRight" label={`Next ${unit}`} onClick={onNext} />
      <h2 className={styles.title} aria-live="polite">
        {title}
      </h2>
      <ToggleButtons label="Calendar view" options={VIEW_OPTIONS} value={view} onChange={onView} />
    </div>
  );
}
