"use client";

import { format, parseISO } from "date-fns";
import { useEffect, useState, type ReactNode } from "react";
import styles from "@/components/reports/report-parts.module.css";

// The overview's charts (MUI X Charts). Each sits in a titled card (an h2 the chart is labelled by) and
// says so in words when there is nothing to draw. A chart is drawn in the browser only: its server copy
// cost the page more than the rest of it, and the browser drew it again anyway. Until then a skeleton of
// the chart's size holds its place, so nothing below moves. The charts' code (MUI X Charts, the largest
// library on the overview) is therefore fetched once the page has hydrated: the page's first scripts and
// its hydration go without it.

type ChartLibrary = typeof import("@/components/reports/report-chart-library");

// Once fetched, later charts (a client-side visit to the overview) draw at once, without a skeleton.
let loaded: ChartLibrary | null = null;
const loadCharts = async () => (loaded ??= await import("@/components/reports/report-chart-library"));

/** The chart components; null on the server, while hydrating, and until their code has arrived. */
function useChartLibrary(): ChartLibrary | null {
  const [library, setLibrary] = useState(loaded);
  useEffect(() => {
    if (!library) void loadCharts().then(setLibrary);
  }, [library]);
  return library;
}

function ChartCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <figure aria-labelledby={`${id}-title`} className={styles.card}>
      <div className={styles.content}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <figcaption className={styles.caption}>{summary}</figcaption>
        {children}
      </div>
    </figure>
  );
}

/** The chart's box: the same height before and after the browser draws the chart in it. */
function ChartArea({ height, children }: { height: number; children: (charts: ChartLibrary) => ReactNode }) {
  const charts = useChartLibrary();
  return (
    <div style={{ height }}>{charts ? children(charts) : <span className={styles.skeleton} aria-hidden="true" />}</div>
  );
}

/** The legend MUI X Charts puts above the plot, in pixels. */
const LEGEND_HEIGHT = 30;

function NoData({ text }: { text: string }) {
  return (
    <p className={styles.noData} role="status">
      {text}
    </p>
  );
}

export interface TimelinePoint {
  /** YYYY-MM-DD */
  date: string;
  enrollments: number;
  completions: number;
}

const BUCKET_WORDS = { day: "per day", week: "per week", month: "per month" } as const;

/** Enrollments and completions per day (week, month for long periods) over the chosen period. */
export function TimelineChart({ points, bucket }: { points: TimelinePoint[]; bucket: keyof typeof BUCKET_WORDS }) {
  const total = points.reduce((sum, p) => sum + p.enrollments + p.completions, 0);
  const summary = points.length
    ? `${BUCKET_WORDS[bucket][0]!.toUpperCase()}${BUCKET_WORDS[bucket].slice(1)}, ${format(parseISO(points[0]!.date), "d MMM yyyy")} to ${format(parseISO(points.at(-1)!.date), "d MMM yyyy")}`
    : "No activity in this period";
  const tick = bucket === "month" ? "MMM yyyy" : "d MMM";
  return (
    <ChartCard id="timeline-chart" title="Enrollments and completions over time" summary={summary}>
      {total === 0 ? (
        <NoData text="No enrollments or completions in this period yet." />
      ) : (
        <ChartArea height={300 + LEGEND_HEIGHT}>
          {({ LineChart }) => (
            <LineChart
              height={300}
              dataset={points.map((p) => ({ ...p, day: parseISO(p.date) }))}
              xAxis={[{ dataKey: "day", scaleType: "time", valueFormatter: (d: Date) => format(d, tick) }]}
              yAxis={[{ tickMinStep: 1 }]}
              // Straight lines between the counts: a smoothed curve would swing between days into values
              // nobody had (fractions, dips below zero look).
              series={[
                { dataKey: "enrollments", label: "Enrollments", showMark: false, curve: "linear" },
                { dataKey: "completions", label: "Completions", showMark: false, curve: "linear" },
              ]}
            />
          )}
        </ChartArea>
      )}
    </ChartCard>
  );
}

export interface CourseCompletion {
  title: string;
  completionRate: number;
  totalEnrollments: number;
}

const barChartHeight = (bars: number) => Math.max(200, 48 * bars + 60);

/** Completion rate per course (the courses with the most enrollments). */
export function CompletionByCourseChart({ courses }: { courses: CourseCompletion[] }) {
  const shown = courses.filter((c) => c.totalEnrollments > 0);
  return (
    <ChartCard
      id="completion-chart"
      title="Completion by course"
      summary={shown.length ? "Completion rate (%) of each course" : "No enrollments yet"}
    >
      {shown.length === 0 ? (
        <NoData text="No course has enrollments yet." />
      ) : (
        <ChartArea height={barChartHeight(shown.length)}>
          {({ BarChart }) => (
            <BarChart
              height={barChartHeight(shown.length)}
              layout="horizontal"
              dataset={shown.map((c) => ({ title: c.title, rate: c.completionRate }))}
              yAxis={[
                {
                  dataKey: "title",
                  scaleType: "band",
                  width: 140,
                  valueFormatter: (t: string) => (t.length > 22 ? `${t.slice(0, 21)}…` : t),
                },
              ]}
              xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
              series={[
                { dataKey: "rate", label: "Completion rate", valueFormatter: (v: number | null) => `${v ?? 0}%` },
              ]}
              hideLegend
            />
          )}
        </ChartArea>
      )}
    </ChartCard>
  );
}
