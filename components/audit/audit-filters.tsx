"use client";

import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { format, isValid, parse } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { SearchField } from "@/components/ui/search-field";
import { OrganizationPicker } from "@/components/organizations/organization-picker";
import { AUDIT_ACTION_AREAS, AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES } from "@/lib/audit-actions";
import { AUDIT_MAX_YEAR, AUDIT_MIN_YEAR } from "@/lib/schemas/audit";

export type AuditFilterKey = "actor" | "action" | "target_type" | "target_id" | "from" | "to" | "organization_id";
export type AuditFilterValues = Record<AuditFilterKey, string>;

const MIN_DATE = new Date(AUDIT_MIN_YEAR, 0, 1);
const MAX_DATE = new Date(AUDIT_MAX_YEAR, 11, 31);
const DAY = "yyyy-MM-dd";

/** A day of the address ("2026-11-25") as a date of the picker, and back. */
const toDate = (day: string) => (day ? parse(day, DAY, new Date()) : null);
const toDay = (date: Date | null) =>
  date && isValid(date) && date >= MIN_DATE && date <= MAX_DATE ? format(date, DAY) : "";

/** The audit log's filters: who, what, about what, when (and, for the superadmin, which organization). */
export function AuditFilters({
  values,
  onChange,
  everyOrganization,
}: {
  values: AuditFilterValues;
  onChange: (next: Partial<AuditFilterValues>) => void;
  everyOrganization: boolean;
}) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        <SearchField label="Actor (name or e-mail)" value={values.actor} onSearch={(actor) => onChange({ actor })} />
        <TextField
          select
          size="small"
          label="Action"
          value={values.action}
          onChange={(e) => onChange({ action: e.target.value })}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTION_AREAS.map((area) => (
            <MenuItem key={area.prefix} value={area.prefix} sx={{ fontWeight: 500 }}>
              {area.label} (all)
            </MenuItem>
          ))}
          {Object.entries(AUDIT_ACTION_LABELS).map(([action, label]) => (
            <MenuItem key={action} value={action} sx={{ pl: 4 }}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Target"
          value={values.target_type}
          onChange={(e) => onChange({ target_type: e.target.value })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any target</MenuItem>
          {AUDIT_TARGET_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t[0]!.toUpperCase() + t.slice(1)}
            </MenuItem>
          ))}
        </TextField>
        <SearchField label="Target id" value={values.target_id} onSearch={(target_id) => onChange({ target_id })} />
        <DatePicker
          label="From"
          value={toDate(values.from)}
          minDate={MIN_DATE}
          maxDate={MAX_DATE}
          onChange={(d) => onChange({ from: toDay(d) })}
          slotProps={{ textField: { size: "small" }, field: { clearable: true } }}
        />
        <DatePicker
          label="To"
          value={toDate(values.to)}
          minDate={MIN_DATE}
          maxDate={MAX_DATE}
          onChange={(d) => onChange({ to: toDay(d) })}
          slotProps={{ textField: { size: "small" }, field: { clearable: true } }}
        />
        {everyOrganization && (
          <OrganizationPicker
            dense
            id={values.organization_id}
            emptyLabel="Every organization"
            onChange={(organization_id) => onChange({ organization_id })}
          />
        )}
      </Stack>
    </LocalizationProvider>
  );
}
