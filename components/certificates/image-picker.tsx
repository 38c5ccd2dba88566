"use client";

import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/** Picks a PNG or JPEG as a data URL (the server checks and re-encodes it when the template is saved). */
export function ImagePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  function pick(file: File | undefined) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onChange(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Typography sx={{ flex: 1 }}>{label}</Typography>
      <Button component="label" size="small">
        {value ? "Replace" : "Choose"}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg"
          aria-label={label}
          onChange={(e) => pick(e.target.files?.[0])}
        />
      </Button>
      {value ? (
        <Button size="small" color="error" onClick={() => onChange(null)}>
          Remove
        </Button>
      ) : null}
    </Stack>
  );
}
