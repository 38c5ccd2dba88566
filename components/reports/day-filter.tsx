"use client";

import { useState } from "react";
import styles from "@/components/reports/report-filters.module.css";
import { DateField } from "@/components/ui/date-field";
import { REPORT_MAX_DAY, REPORT_MIN_DAY } from "@/lib/reports/days";

/** The other end of the range, which this day must not pass. */
interface RangeEnd {
  label: string;
  day: string | undefined;
}

/**
 * Why a typed day cannot filter the reports, in the words of their query schema (lib/schemas/reports.ts);
 * undefined when it can. Days as yyyy-MM-dd compare as text.
 */
export function dayProblem(label: string, day: string, bounds: { after?: RangeEnd; before?: RangeEnd }) {
  if (day < REPORT_MIN_DAY || day > REPORT_MAX_DAY) {
    return `${label} must be between ${REPORT_MIN_DAY} and ${REPORT_MAX_DAY}`;
  }
  const { after, before } = bounds;
  if (before?.day && day > before.day) return `${label} must not be after ${before.label}`;
  if (after?.day && day < after.day) return `${label} must not be before ${after.label}`;
  return undefined;
}

/**
 * A day of the address in a date field. A day out of range stays in the field with the reason under it
 * (the address keeps what it had); a half-typed one changes nothing until it is a whole day.
 */
export function DayFilter({
  label,
  day,
  after,
  before,
  onChange,
}: {
  label: string;
  day: string | undefined;
  /** The range's start, for its end. */
  after?: RangeEnd;
  /** The range's end, for its start. */
  before?: RangeEnd;
  onChange: (day: string) => void;
}) {
  const [draft, setDraft] = useState(day ?? "");
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    // The address changed (another filter's clear, a link): follow it.
    setShown(day);
    setDraft(day ?? "");
  }
  const problem = draft ? dayProblem(label, draft, { after, before }) : undefined;
  return (
    <DateField
      label={label}
      size="small"
      className={styles.day}
      value={draft}
      min={after?.day ?? REPORT_MIN_DAY}
      max={before?.day ?? REPORT_MAX_DAY}
      error={Boolean(problem)}
      helperText={problem}
      onChange={(event) => {
        const next = event.target.value;
        // An emptied day is cleared; a half-typed one (the browser's value is then "") waits.
        if (next === "" && event.target.validity.badInput) return;
        setDraft(next);
        if (!next || !dayProblem(label, next, { after, before })) onChange(next);
      }}
    />
  );
}
