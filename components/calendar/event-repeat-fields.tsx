"use client";

import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { dateFromString, stringFromDate } from "@/components/forms/date-value";
import type { EventForm, EventFormValues } from "@/components/calendar/event-form-values";

type Ending = "never" | "on" | "after";

type Recurrence = NonNullable<EventFormValues["recurrence"]>;

const endingOf = (r: Recurrence): Ending => (r.count ? "after" : r.until ? "on" : "never");

/** Repeats: not at all, every n weeks or months; for ever, until a date, or a number of times. */
export function EventRepeatFields({ form }: { form: EventForm }) {
  const { watch, setValue, formState } = form;
  const recurrence = watch("recurrence");
  const startsAt = watch("starts_at");
  const errors = formState.errors.recurrence;
  const update = (next: Recurrence | null) =>
    setValue("recurrence", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const unit = recurrence?.frequency === "monthly" ? "months" : "weeks";

  return (
    <Stack spacing={0}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }}>
        <TextField
          select
          label="Repeats"
          margin="normal"
          sx={{ minWidth: 200 }}
          value={recurrence?.frequency ?? "none"}
          onChange={(e) =>
            update(
              e.target.value === "none"
                ? null
                : {
                    frequency: e.target.value as "weekly" | "monthly",
                    interval: recurrence?.interval ?? 1,
                    until: recurrence?.until ?? null,
                    count: recurrence?.count ?? null,
                  },
            )
          }
          helperText={errors?.message}
          error={Boolean(errors?.message)}
        >
          <MenuItem value="none">Does not repeat</MenuItem>
          <MenuItem value="weekly">Weekly</MenuItem>
          <MenuItem value="monthly">Monthly</MenuItem>
        </TextField>
        {recurrence && (
          <TextField
            label={`Every how many ${unit}`}
            type="number"
            margin="normal"
            value={recurrence.interval ?? 1}
            onChange={(e) => update({ ...recurrence, interval: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, max: 52 } }}
            error={Boolean(errors?.interval)}
            helperText={errors?.interval?.message}
          />
        )}
      </Stack>
      {recurrence && (
        <Stack direction={{ xs: "column", md: "row" }} spacing={{ md: 2 }} sx={{ alignItems: { md: "center" } }}>
          <RadioGroup
            row
            aria-label="Ends"
            value={endingOf(recurrence)}
            onChange={(_, value) => {
              const ending = value as Ending;
              update({
                ...recurrence,
                until: ending === "on" ? (recurrence.until ?? startsAt.slice(0, 10)) : null,
                count: ending === "after" ? (recurrence.count ?? 10) : null,
              });
            }}
          >
            <FormControlLabel value="never" control={<Radio />} label="Never ends" />
            <FormControlLabel value="on" control={<Radio />} label="Ends on a date" />
            <FormControlLabel value="after" control={<Radio />} label="Ends after" />
          </RadioGroup>
          {endingOf(recurrence) === "on" && (
            <DatePicker
              label="Last day"
              value={dateFromString(recurrence.until)}
              onChange={(d) => update({ ...recurrence, until: stringFromDate(d) })}
              slotProps={{
                textField: { margin: "normal", error: Boolean(errors?.until), helperText: errors?.until?.message },
              }}
            />
          )}
          {endingOf(recurrence) === "after" && (
            <TextField
              label="Occurrences"
              type="number"
              margin="normal"
              value={recurrence.count ?? 10}
              onChange={(e) => update({ ...recurrence, count: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: 500 } }}
              error={Boolean(errors?.count)}
              helperText={errors?.count?.message}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
