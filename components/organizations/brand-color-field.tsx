"use client";

import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { checkBrandColor, DEFAULT_PRIMARY_COLOR, HEX_COLOR } from "@/lib/color-contrast";

/**
 * The primary colour: typed as #RRGGBB or picked, with the contrast check the server runs (white text on
 * it, WCAG AA) and a sample of a button in it. Empty means the product's blue.
 */
export function BrandColorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const color = HEX_COLOR.test(value) ? value.toUpperCase() : null;
  const check = color ? checkBrandColor(color) : null;
  const message =
    error ??
    (check && !check.ok
      ? check.message
      : check
        ? `Contrast with white text ${check.ratio.toFixed(2)}:1 — passes WCAG AA.`
        : "Empty: the default colour, #0A66C2.");
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" }, mt: 2 }}>
      <TextField
        label="Primary colour"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        placeholder={DEFAULT_PRIMARY_COLOR}
        error={Boolean(error) || (check !== null && !check.ok)}
        helperText={message}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
      />
      <input
        type="color"
        aria-label="Pick the primary colour"
        value={color ?? DEFAULT_PRIMARY_COLOR}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        style={{ width: 56, height: 56, border: "none", background: "none", padding: 0 }}
      />
      <Box
        aria-hidden
        sx={{
          bgcolor: color ?? DEFAULT_PRIMARY_COLOR,
          color: "#FFFFFF",
          borderRadius: 1,
          px: 2,
          py: 1.5,
          minWidth: 140,
          textAlign: "center",
        }}
      >
        <Typography component="span" sx={{ fontWeight: 500 }}>
          Sample button
        </Typography>
      </Box>
    </Stack>
  );
}
