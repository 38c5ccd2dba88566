"use client";

import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { formatCount, formatDateTime, formatScore } from "@/components/reports/format";
import { MetricCards, metricFigures } from "@/components/reports/metric-cards";
import { CompletionByCourseChart, TimelineChart } from "@/components/reports/report-charts";
import { readReportMetrics } from "@/lib/client/report-metrics";
import type { OverviewJson } from "@/lib/server/reports/overview";

/** The overview: the three metrics and active learners, the two charts, SCORM results. */
export function OverviewView({ overview }: { overview: OverviewJson }) {
  // The spec's post-processing runs on the browser's side too: one reader for every metrics shape.
  const metrics = readReportMetrics(overview);
  const active = { last7Days: overview.active_learners.last_7_days, last30Days: overview.active_learners.last_30_days };
  const courses = overview.completion_by_course.map((c) => ({ title: c.title, ...readReportMetrics(c) }));
  return (
    <>
      <MetricCards figures={metricFigures(metrics, active)} />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <TimelineChart points={overview.timeline.points} bucket={overview.timeline.bucket} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <CompletionByCourseChart courses={courses} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ScormResults scorm={overview.scorm} />
        </Grid>
      </Grid>
      {overview.refreshed_at && (
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 3 }}>
          Summaries last reconciled {formatDateTime(overview.refreshed_at)}. Figures follow learning as it happens;
          Reports in the side navigation reconciles them first.
        </Typography>
      )}
    </>
  );
}

function ScormResults({ scorm }: { scorm: OverviewJson["scorm"] }) {
  const figures = [
    { label: "Average score", value: formatScore(scorm.average_score) },
    { label: "Scored lessons", value: formatCount(scorm.scored_lessons) },
    { label: "Passed", value: formatCount(scorm.passed) },
    { label: "Failed", value: formatCount(scorm.failed) },
  ];
  const decided = scorm.passed + scorm.failed;
  return (
    <Card variant="outlined" component="section" aria-labelledby="scorm-results-title">
      <CardContent>
        <Typography id="scorm-results-title" variant="h6" component="h2">
          SCORM results
        </Typography>
        {scorm.scored_lessons === 0 && decided === 0 ? (
          <Typography sx={{ color: "text.secondary", mt: 1 }}>No SCORM lesson has a score or a result yet.</Typography>
        ) : (
          <Grid container spacing={2} sx={{ mt: 0.5 }}>
            {figures.map((f) => (
              <Grid key={f.label} size={{ xs: 6, md: 3 }} role="group" aria-label={f.label}>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {f.label}
                </Typography>
                <Typography variant="h5" component="p">
                  {f.value}
                </Typography>
              </Grid>
            ))}
            {decided > 0 && (
              <Grid size={{ xs: 12 }}>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {Math.round((scorm.passed * 100) / decided)}% of the lessons with a result were passed.
                </Typography>
              </Grid>
            )}
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
