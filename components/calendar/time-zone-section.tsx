"use client";

import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo, useState } from "react";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";
import type { CalendarSettingsJson } from "@/components/calendar/types";
import { apiPatch } from "@/lib/client/api";
import { systemTimeZone, timeZoneOptions } from "@/lib/calendar/time-zones";

const BROWSER = "";

/** The zone the calendar and the events pages show times in; none chosen follows the browser. */
export function TimeZoneSection({
  settings,
  onSaved,
}: {
  settings: CalendarSettingsJson;
  onSaved: (settings: CalendarSettingsJson) => void;
}) {
  const browserZone = useMemo(() => systemTimeZone(), []);
  const options = useMemo(() => [BROWSER, ...timeZoneOptions()], []);
  const [value, setValue] = useState(settings.time_zone ?? BROWSER);
  const [saving, setSaving] = useState(false);
  const { result, clear, succeed, fail } = useSectionResult();
  const label = (zone: string) => (zone === BROWSER ? `This browser's time zone (${browserZone})` : zone);

  const save = async () => {
    setSaving(true);
    clear();
    try {
      const saved = await apiPatch<CalendarSettingsJson>("/api/calendar/settings", {
        time_zone: value === BROWSER ? null : value,
      });
      onSaved(saved);
      succeed(saved.time_zone ? `Times are shown in ${saved.time_zone}` : `Times follow this browser (${browserZone})`);
    } catch (e) {
      fail(e, "Failed to save the time zone");
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection
      id="time-zone"
      title="Time zone"
      description="Your calendar and events show times in this zone. All-day events stay on their dates in every zone."
      result={result}
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Autocomplete
          options={options}
          value={value}
          disableClearable
          getOptionLabel={label}
          onChange={(_, next) => setValue(next)}
          sx={{ flexGrow: 1 }}
          renderInput={(params) => <TextField {...params} label="Time zone" margin="normal" />}
        />
        <Button variant="contained" onClick={save} disabled={saving || value === (settings.time_zone ?? BROWSER)}>
          Save time zone
        </Button>
      </Stack>
    </ProfileSection>
  );
}
