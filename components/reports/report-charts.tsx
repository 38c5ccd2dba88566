"use client";

import { format, parseISO } from "date-fns";
import type { CSSProperties, ReactNode } from "react";
import { countTicks, labelledPoints, pointShare } from "@/components/reports/chart-scale";
import charts from "@/components/reports/report-charts.module.css";
import styles from "@/components/reports/report-parts.module.css";
import ui from "@/components/ui/ui.module.css";

// The overview's two charts, drawn as SVG and HTML: the page's first paint already holds them. Client
// components given their points as values: the page's inline data carries the points, where a server
// component's charts came as their whole trees, a rect, a title and a table row for every point
// (docs/architecture.md, "Lists drawn from values"). Each sits in a titled card (an h2 the chart is labelled by), says
// so in words when there is nothing to draw, and carries its figures as a table for screen readers; a
// pointer on a day or a bar shows its figures. Lines and bars stretch with the card (the SVG's own
// coordinates run 0 to 1000 across and up); the axes' words are HTML placed by percentage, so they keep
// their size whatever the width.

const SPAN = 1000;

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
    <figure aria-labelledby={`${id}-title`} className={`${styles.card} ${charts.chart}`}>
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

function NoData({ text }: { text: string }) {
  return (
    <p className={styles.noData} role="status">
      {text}
    </p>
  );
}

/** A label on an axis, centred on its share of the axis's length (from the start, or from the bottom). */
const along = (share: number): CSSProperties => ({ left: `${share * 100}%` });
const up = (share: number): CSSProperties => ({ bottom: `${share * 100}%` });

export interface TimelinePoint {
  /** YYYY-MM-DD */
  date: string;
  enrollments: number;
  completions: number;
}

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const BUCKET_WORDS = { day: "per day", week: "per week", month: "per month" } as const;

const SERIES = [
  { key: "enrollments", label: "Enrollments", className: charts.first },
  { key: "completions", label: "Completions", className: charts.second },
] as const;

/** Enrollments and completions per day (week, month for long periods) over the chosen period. */
export function TimelineChart({ points, bucket }: { points: TimelinePoint[]; bucket: keyof typeof BUCKET_WORDS }) {
  const total = points.reduce((sum, p) => sum + p.enrollments + p.completions, 0);
  const day = (p: TimelinePoint) => parseISO(p.date);
  const summary = points.length
    ? `${BUCKET_WORDS[bucket][0]!.toUpperCase()}${BUCKET_WORDS[bucket].slice(1)}, ${format(day(points[0]!), "d MMM yyyy")} to ${format(day(points.at(-1)!), "d MMM yyyy")}`
    : "No activity in this period";
  const tick = bucket === "month" ? "MMM yyyy" : "d MMM";
  const { top, ticks } = countTicks(Math.max(...points.map((p) => Math.max(p.enrollments, p.completions)), 0));
  const x = (i: number) => pointShare(i, points.length) * SPAN;
  const y = (value: number) => SPAN - (value / top) * SPAN;
  // Each point's strip of the plot, for the pointer's tooltip: half-way to its neighbours.
  const strip = SPAN / Math.max(points.length - 1, 1);
  return (
    <ChartCard id="timeline-chart" title="Enrollments and completions over time" summary={summary}>
      {total === 0 ? (
        <NoData text="No enrollments or completions in this period yet." />
      ) : (
        <>
          <ul className={charts.legend} aria-hidden="true">
            {SERIES.map((s) => (
              <li key={s.key} className={s.className}>
                {s.label}
              </li>
            ))}
          </ul>
          <div className={charts.timeline} aria-hidden="true">
            <div className={charts.valueAxis}>
              {ticks.map((t) => (
                <span key={t} style={up(t / top)}>
                  {t}
                </span>
              ))}
            </div>
            <svg className={charts.plot} viewBox={`0 0 ${SPAN} ${SPAN}`} preserveAspectRatio="none">
              {SERIES.map((s) => (
                <polyline
                  key={s.key}
                  className={s.className}
                  vectorEffect="non-scaling-stroke"
                  points={points.map((p, i) => `${x(i)},${y(p[s.key])}`).join(" ")}
                />
              ))}
              {points.map((p, i) => (
                <rect key={p.date} x={x(i) - strip / 2} width={strip} y={0} height={SPAN} className={charts.hit}>
                  <title>{`${format(day(p), "d MMM yyyy")}: ${counted(p.enrollments, "enrollment")}, ${counted(p.completions, "completion")}`}</title>
                </rect>
              ))}
            </svg>
            <div className={charts.timeAxis}>
              {labelledPoints(points.length).map((i) => (
                <span key={i} style={along(pointShare(i, points.length))}>
                  {format(day(points[i]!), tick)}
                </span>
              ))}
            </div>
          </div>
          <table className={ui.visuallyHidden}>
            <caption>Enrollments and completions {BUCKET_WORDS[bucket]}</caption>
            <thead>
              <tr>
                <th scope="col">{bucket === "day" ? "Day" : bucket === "week" ? "Week from" : "Month"}</th>
                <th scope="col">Enrollments</th>
                <th scope="col">Completions</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{format(day(p), bucket === "month" ? "MMMM yyyy" : "d MMMM yyyy")}</th>
                  <td>{p.enrollments}</td>
                  <td>{p.completions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartCard>
  );
}

export interface CourseCompletion {
  title: string;
  completionRate: number;
  totalEnrollments: number;
}

const PERCENT_TICKS = [0, 20, 40, 60, 80, 100];

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
        <>
          <div className={charts.bars} style={{ "--bars": shown.length } as CSSProperties} aria-hidden="true">
            {shown.map((c, i) => (
              <span key={i} className={charts.barLabel} style={{ gridRow: i + 1 }} title={c.title}>
                {c.title}
              </span>
            ))}
            <svg className={charts.barPlot} viewBox={`0 0 ${SPAN} ${shown.length * SPAN}`} preserveAspectRatio="none">
              {shown.map((c, i) => (
                <rect
                  key={i}
                  className={charts.bar}
                  x={0}
                  y={i * SPAN + SPAN * 0.2}
                  width={(Math.min(Math.max(c.completionRate, 0), 100) / 100) * SPAN}
                  height={SPAN * 0.6}
                >
                  <title>{`${c.title}: ${c.completionRate}%`}</title>
                </rect>
              ))}
            </svg>
            <div className={charts.percentAxis}>
              {PERCENT_TICKS.map((t) => (
                <span key={t} style={along(t / 100)}>
                  {t}%
                </span>
              ))}
            </div>
          </div>
          <table className={ui.visuallyHidden}>
            <caption>Completion rate of each course</caption>
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Completion rate</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c, i) => (
                <tr key={i}>
                  <th scope="row">{c.title}</th>
                  <td>{c.completionRate}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartCard>
  );
}
