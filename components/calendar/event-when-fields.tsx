"use client";

import Autocomplete from "@mui/material/Autocomplete";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { useEffect, useMemo, useRef } from "react";
import {
  instantAt,
  moveToZone,
  toggleAllDay,
  wallClock,
  type EventForm,
} from "@/components/calendar/event-form-values";
import { dateFromString, stringFromDate } from "@/components/forms/date-value";
import { addDays, DAY_MS, FIRST_YEAR, LAST_YEAR, parseDate } from "@/lib/calendar/dates";
import { timeZoneOptions } from "@/lib/calendar/time-zones";

type Field = "starts_at" | "ends_at";

const HOUR_MS = 3_600_000;

/** A date or instant the form can work with: valid, between 1900 and the end of 2099. */
function inSupportedYears(value: string): boolean {
  const time = parseDate(value)?.getTime() ?? Date.parse(value);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** When: all day or not, the zone the times are in, the start and the end (moving the start keeps the length). */
export function EventWhenFields({ form }: { form: EventForm }) {
  const { watch, setValue, formState } = form;
  const [allDayValue, zoneValue, startsAt, endsAt] = watch(["all_day", "time_zone", "starts_at", "ends_at"]);
  const allDay = allDayValue ?? false;
  const zone = zoneValue ?? "UTC";
  const zones = useMemo(() => timeZoneOptions(), []);
  const set = (field: Field, value: string) =>
    setValue(field, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  // The event's length while both ends are real dates, so typing a start (which passes through years
  // such as 0002 or 0202, digit by digit) moves the end along without changing the length.
  const length = useRef(allDay ? 0 : HOUR_MS);
  const current = allDay
    ? (parseDate(endsAt)?.getTime() ?? NaN) - (parseDate(startsAt)?.getTime() ?? NaN)
    : Date.parse(endsAt) - Date.parse(startsAt);
  const settled = inSupportedYears(startsAt) && inSupportedYears(endsAt);
  useEffect(() => {
    if (settled && Number.isFinite(current) && current >= 0) length.current = current;
  }, [settled, current]);

  const setStart = (value: string) => {
    set("starts_at", value);
    if (!inSupportedYears(value)) return;
    if (allDay)
      set(
        "ends_at",
        addDays(parseDate(value)!, Math.round(length.current / DAY_MS))
          .toISOString()
          .slice(0, 10),
      );
    else set("ends_at", instantAt(new Date(wallClock(value, zone).getTime() + length.current), zone));
  };

  const picker = (field: Field, label: string) => {
    const value = field === "starts_at" ? startsAt : endsAt;
    const onChange = field === "starts_at" ? setStart : (v: string) => set(field, v);
    const error = formState.errors[field]?.message;
    const textField = {
      name: field,
      margin: "normal" as const,
      error: Boolean(error),
      helperText: error,
      fullWidth: true,
    };
    return allDay ? (
      <DatePicker
        label={label}
        value={dateFromString(value)}
        onChange={(d) => onChange(stringFromDate(d) ?? "")}
        slotProps={{ textField }}
      />
    ) : (
      <DateTimePicker
        label={label}
        ampm={false}
        value={Number.isFinite(Date.parse(value)) ? wallClock(value, zone) : null}
        onChange={(d) => onChange(d ? instantAt(d, zone) : "")}
        slotProps={{ textField }}
      />
    );
  };

  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
        <FormControlLabel
          control={
            <Switch
              checked={allDay}
              onChange={(e) => {
                const next = toggleAllDay({ starts_at: startsAt, ends_at: endsAt, time_zone: zone }, e.target.checked);
                setValue("all_day", e.target.checked, { shouldDirty: true });
                set("starts_at", next.starts_at);
                set("ends_at", next.ends_at);
              }}
            />
          }
          label="All day"
        />
        {!allDay && (
          <Autocomplete
            options={zones}
            value={zone}
            disableClearable
            onChange={(_, next) => {
              set("starts_at", moveToZone(startsAt, zone, next));
              set("ends_at", moveToZone(endsAt, zone, next));
              setValue("time_zone", next, { shouldDirty: true });
            }}
            sx={{ flexGrow: 1 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                margin="normal"
                helperText="A repeating event keeps its time of day in this zone"
              />
            )}
          />
        )}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        {picker("starts_at", allDay ? "First day" : "Starts")}
        {picker("ends_at", allDay ? "Last day" : "Ends")}
      </Stack>
    </>
  );
}
