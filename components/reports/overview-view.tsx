import { formatCount, formatDateTime, formatScore } from "@/components/reports/format";
import { MetricCards, metricFigures } from "@/components/reports/metric-cards";
import { CompletionByCourseChart, TimelineChart } from "@/components/reports/report-charts";
import styles from "@/components/reports/report-parts.module.css";
import { LocalDateTime } from "@/components/ui/local-date-time";
import { readReportMetrics } from "@/lib/client/report-metrics";
import type { OverviewJson } from "@/lib/server/reports/overview";

/**
 * The overview: the three metrics and active learners, the two charts, SCORM results. It renders on the
 * server; only the charts hydrate.
 */
export function OverviewView({ overview }: { overview: OverviewJson }) {
  // One reader for every metrics shape, as for every other report.
  const metrics = readReportMetrics(overview);
  const active = { last7Days: overview.active_learners.last_7_days, last30Days: overview.active_learners.last_30_days };
  const courses = overview.completion_by_course.map((c) => ({ title: c.title, ...readReportMetrics(c) }));
  return (
    <>
      <MetricCards figures={metricFigures(metrics, active)} />
      <div className={styles.overview}>
        <TimelineChart points={overview.timeline.points} bucket={overview.timeline.bucket} />
        <CompletionByCourseChart courses={courses} />
        <ScormResults scorm={overview.scorm} />
      </div>
      {overview.refreshed_at && (
        <p className={styles.reconciled}>
          Summaries last reconciled{" "}
          <LocalDateTime iso={overview.refreshed_at} serverText={formatDateTime(overview.refreshed_at)} />. Figures
          follow learning as it happens; Reports in the side navigation reconciles them first.
        </p>
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
    <section aria-labelledby="scorm-results-title" className={`${styles.card} ${styles.wide}`}>
      <div className={styles.content}>
        <h2 id="scorm-results-title" className={styles.title}>
          SCORM results
        </h2>
        {scorm.scored_lessons === 0 && decided === 0 ? (
          <p className={styles.muted} style={{ marginTop: 8 }}>
            No SCORM lesson has a score or a result yet.
          </p>
        ) : (
          <div className={styles.results}>
            {figures.map((f) => (
              <div key={f.label} role="group" aria-label={f.label}>
                <p className={styles.label}>{f.label}</p>
                <p className={styles.resultValue}>{f.value}</p>
              </div>
            ))}
            {decided > 0 && (
              <p className={`${styles.label} ${styles.resultsNote}`}>
                {Math.round((scorm.passed * 100) / decided)}% of the lessons with a result were passed.
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
