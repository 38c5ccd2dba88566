import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";

/**
 * Where someone holding a paper certificate types its code. A plain GET form to /verify, which sends on to
 * the code's own page: it works before (and without) JavaScript.
 */
export function VerifyCodeForm({ code = "" }: { code?: string }) {
  return (
    <form method="get" action="/verify" aria-label="Check a certificate">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          name="code"
          label="Certificate code"
          defaultValue={code}
          required
          fullWidth
          helperText="The code printed on the certificate, under its QR code"
          slotProps={{ htmlInput: { autoCapitalize: "characters", autoComplete: "off", spellCheck: false } }}
        />
        <Button type="submit" variant="contained" sx={{ minHeight: 56, flexShrink: 0 }}>
          Check
        </Button>
      </Stack>
    </form>
  );
}
