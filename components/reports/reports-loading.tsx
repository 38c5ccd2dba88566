import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";

/** The report pages while the server works out their figures: the page's shape, greyed. */
export function ReportsLoading() {
  return (
    <Box role="status" aria-live="polite">
      <Typography sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
        Loading the reports…
      </Typography>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {Array.from({ length: 5 }, (_, i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 12 / 5 }}>
            <Skeleton variant="rounded" height={104} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Skeleton variant="rounded" height={360} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Skeleton variant="rounded" height={360} />
        </Grid>
      </Grid>
    </Box>
  );
}
