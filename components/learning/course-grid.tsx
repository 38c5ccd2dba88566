import Grid from "@mui/material/Grid";
import { Children, type ReactNode } from "react";

/** Cards in a responsive list (a <ul>, so screen readers announce how many there are). Children need keys. */
export function CourseGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid container spacing={2} component="ul" aria-label={label} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {Children.map(children, (child) => (
        <Grid size={{ xs: 12, sm: 6, md: 4 }} component="li">
          {child}
        </Grid>
      ))}
    </Grid>
  );
}
