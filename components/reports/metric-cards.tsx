import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import type { ReportMetrics } from "@/lib/client/report-metrics";

const number = new Intl.NumberFormat("en-GB");

export interface Figure {
  label: string;
  value: string;
  note?: string;
}

/** The report's headline figures: the spec's three metrics, then active learners. */
export function metricFigures(
  metrics: ReportMetrics,
  activeLearners?: { last7Days: number; last30Days: number },
): Figure[] {
  const figures: Figure[] = [
    { label: "Total enrollments", value: number.format(metrics.totalEnrollments) },
    { label: "Completed enrollments", value: number.format(metrics.completedEnrollments) },
    { label: "Completion rate", value: `${metrics.completionRate}%`, note: "completed ÷ total enrollments" },
  ];
  if (activeLearners) {
    figures.push(
      { label: "Active learners (7 days)", value: number.format(activeLearners.last7Days) },
      { label: "Active learners (30 days)", value: number.format(activeLearners.last30Days) },
    );
  }
  return figures;
}

/** A row of figure cards; each is a labelled group ("Completion rate: 67%") for assistive technology. */
export function MetricCards({ figures }: { figures: Figure[] }) {
  return (
    <Grid container spacing={2} component="section" aria-label="Key figures" sx={{ mb: 3 }}>
      {figures.map((figure) => (
        <Grid key={figure.label} size={{ xs: 12, sm: 6, md: 4, lg: 12 / Math.max(1, Math.min(figures.length, 6)) }}>
          <Card variant="outlined" role="group" aria-label={figure.label} sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {figure.label}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 500 }} data-testid="figure-value">
                {figure.value}
              </Typography>
              {figure.note && (
                <Typography variant="caption" sx={{ color: "text.secondary" }}>
                  {figure.note}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
