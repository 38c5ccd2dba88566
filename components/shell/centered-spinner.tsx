import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

/** The one loading indicator: lazily loaded screens (next/dynamic `loading`) and waits for the session. */
export function CenteredSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: "40vh", width: "100%" }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
