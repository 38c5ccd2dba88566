"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { SimpleTable } from "@/components/data/simple-table";
import { apiPost, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from "@/lib/schemas/imports";
import type { ImportDetailJson } from "@/lib/server/imports/queries";

/** The column of each field (our own names are matched already), the first rows, and the dry run's button. */
export function ImportMappingForm({ imp, onChanged }: { imp: ImportDetailJson; onChanged: () => void }) {
  const [mapping, setMapping] = useState<ImportMapping>(imp.mapping);
  const [saveDefault, setSaveDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editable = imp.status === "uploaded" || imp.status === "checked";

  async function dryRun() {
    setBusy(true);
    setError(null);
    try {
      await apiPut(`/api/admin/imports/${imp.id}/mapping`, { mapping, save_as_default: saveDefault });
      await apiPost(`/api/admin/imports/${imp.id}/dry-run`);
      onChanged();
    } catch (e) {
      setError(failureMessage(e, "Failed to start the dry run"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Columns
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {IMPORT_FIELDS.map((field: ImportField) => (
          <TextField
            key={field}
            select
            size="small"
            label={`${IMPORT_FIELD_LABELS[field]}${REQUIRED_IMPORT_FIELDS.includes(field) ? " *" : ""}`}
            value={mapping[field] ?? ""}
            disabled={!editable}
            onChange={(e) => setMapping({ ...mapping, [field]: e.target.value === "" ? null : Number(e.target.value) })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">
              <em>Not in the file</em>
            </MenuItem>
            {imp.headers.map((header, index) => (
              <MenuItem key={index} value={index}>
                {header}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <FormControlLabel
        control={
          <Checkbox checked={saveDefault} onChange={(e) => setSaveDefault(e.target.checked)} disabled={!editable} />
        }
        label="Use this mapping for the organization's next files"
      />
      <Typography variant="subtitle2" component="h3">
        First {imp.preview.length} of {imp.total_rows.toLocaleString("en-US")} rows
      </Typography>
      <SimpleTable
        label="The file's first rows"
        columns={imp.headers.map((h, c) => ({ key: String(c), label: h }))}
        rows={imp.preview.map((cells, i) => ({
          id: String(i),
          cells: Object.fromEntries(
            imp.headers.map((_, c) => [
              String(c),
              c === imp.mapping.password ? (cells[c] ? "••••••" : "") : (cells[c] ?? ""),
            ]),
          ),
        }))}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {editable && (
        <div>
          <Button variant="contained" onClick={() => void dryRun()} disabled={busy}>
            Dry run
          </Button>
        </div>
      )}
    </Stack>
  );
}
