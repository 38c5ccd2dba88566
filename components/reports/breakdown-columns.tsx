"use client";

import type { GridColDef, GridValidRowModel } from "@mui/x-data-grid";
import { formatCount, formatDateTime, formatDuration, formatPercent, formatScore } from "@/components/reports/format";
import type { ReportRow } from "@/components/reports/report-grid";

// The columns the breakdowns share. Fields are the API's sort names, so a click on a header sorts on
// the server by that column.

/** The figures every breakdown row carries (lib/server/reports: DerivedRow). */
export interface DerivedFigures {
  in_progress: number;
  average_progress: number | null;
  average_score: number | null;
  average_time_seconds?: number | null;
}

type Col<T> = GridColDef<ReportRow<T> & GridValidRowModel>;

const numeric = { type: "number" as const, headerAlign: "right" as const, align: "right" as const };

export function enrolledColumn<T>(): Col<T> {
  return {
    field: "enrolled",
    headerName: "Enrolled",
    width: 110,
    ...numeric,
    valueGetter: (_v, row) => row.metrics.totalEnrollments,
    valueFormatter: (v: number) => formatCount(v),
  };
}

export function completedColumn<T>(): Col<T> {
  return {
    field: "completed",
    headerName: "Completed",
    width: 120,
    ...numeric,
    valueGetter: (_v, row) => row.metrics.completedEnrollments,
    valueFormatter: (v: number) => formatCount(v),
  };
}

export function completionRateColumn<T>(): Col<T> {
  return {
    field: "completion_rate",
    headerName: "Completion rate",
    width: 150,
    ...numeric,
    valueGetter: (_v, row) => row.metrics.completionRate,
    valueFormatter: (v: number) => formatPercent(v),
  };
}

/** In progress, completed, rate, average progress and average score: the learning figures of a row. */
export function figureColumns<T extends DerivedFigures>(): Col<T>[] {
  return [
    enrolledColumn<T>(),
    {
      field: "in_progress",
      headerName: "In progress",
      width: 120,
      ...numeric,
      valueFormatter: (v: number) => formatCount(v),
    },
    completedColumn<T>(),
    completionRateColumn<T>(),
    {
      field: "average_progress",
      headerName: "Avg. progress",
      width: 130,
      ...numeric,
      valueFormatter: (v: number | null) => formatPercent(v),
    },
    {
      field: "average_score",
      headerName: "Avg. score",
      width: 110,
      ...numeric,
      valueFormatter: (v: number | null) => formatScore(v),
    },
  ];
}

export function averageTimeColumn<T extends DerivedFigures>(): Col<T> {
  return {
    field: "average_time",
    headerName: "Avg. time",
    width: 120,
    ...numeric,
    valueGetter: (_v, row) => row.average_time_seconds ?? null,
    valueFormatter: (v: number | null) => formatDuration(v),
  };
}

/** A date-time column sorted by the API's `field`, showing the row's `key`. */
export function dateTimeColumn<T>(field: string, headerName: string, key: keyof T & string): Col<T> {
  return {
    field,
    headerName,
    width: 180,
    valueGetter: (_v, row) => (row as Record<string, unknown>)[key] ?? null,
    valueFormatter: (v: string | null) => formatDateTime(v),
  };
}
