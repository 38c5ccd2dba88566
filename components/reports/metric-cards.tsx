import type { CSSProperties } from "react";
import styles from "@/components/reports/report-parts.module.css";
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
  // From 1200 px every card shares one row (up to six).
  const row = { "--figures": Math.max(1, Math.min(figures.length, 6)) } as CSSProperties;
  return (
    <section aria-label="Key figures" className={styles.figures} style={row}>
      {figures.map((figure) => (
        <div key={figure.label} role="group" aria-label={figure.label} className={styles.card}>
          <div className={styles.content}>
            <p className={styles.label}>{figure.label}</p>
            <p className={styles.value} data-testid="figure-value">
              {figure.value}
            </p>
            {figure.note && <span className={styles.note}>{figure.note}</span>}
          </div>
        </div>
      ))}
    </section>
  );
}
