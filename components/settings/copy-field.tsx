"use client";

import TextField from "@mui/material/TextField";
import { CopyButton } from "@/components/ui/copy-button";

/** A value to give elsewhere: read-only, selectable, with its copy button at the end. */
export function CopyField({ label, value, multiline }: { label: string; value: string; multiline?: boolean }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      margin="normal"
      multiline={multiline}
      maxRows={multiline ? 6 : undefined}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: multiline ? { fontFamily: "monospace" } : undefined },
        input: { endAdornment: <CopyButton value={value} label={label} /> },
      }}
    />
  );
}
