import Box from "@mui/material/Box";

/** HTML the server sanitized when it was saved (lib/server/rich-text.ts), shown as it was written. */
export function RichText({ html }: { html: string }) {
  if (!html) return null;
  return (
    <Box
      sx={{
        typography: "body1",
        lineHeight: 1.7,
        "& h2, & h3, & h4": { mt: 3, mb: 1 },
        "& pre": { overflowX: "auto", p: 2, bgcolor: "action.hover", borderRadius: 1 },
        "& a": { color: "primary.main" },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
