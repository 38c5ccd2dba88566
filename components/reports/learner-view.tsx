"use client";

import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { DataGrid } from "@/components/data/data-grid";
import Link from "@/components/navigation/link";
import { useSearchParams } from "next/navigation";
import { courseReportHref } from "@/components/reports/breakdowns";
import {
  formatCount,
  formatDateTime,
  formatDay,
  formatDuration,
  formatPercent,
  formatScore,
} from "@/components/reports/format";
import { TwoLineCell } from "@/components/reports/two-line-cell";
import { MetricCards, metricFigures } from "@/components/reports/metric-cards";
import { readReportFilters, reportQuery } from "@/components/reports/report-query";
import { readReportMetrics } from "@/lib/client/report-metrics";
import type { LearnerCourseRow, LearnerDetailJson } from "@/lib/server/reports/learner-detail";

const STATE_LABELS: Record<string, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  completed: "Completed",
  withdrawn: "Withdrawn",
};

/** One learner: their figures, then every course in the caller's scope with progress, status, score and last activity. */
export function LearnerView({ report }: { report: LearnerDetailJson }) {
  const filters = readReportFilters(useSearchParams());
  // Minimum widths that add up to what the grid has at 1280 px beside the navigation (docs/ui.md): the
  // completion date rides under the status, passed and failed share a column, enrollment is a day.
  const columns: GridColDef<LearnerCourseRow>[] = [
    {
      field: "title",
      headerName: "Course",
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => <Link href={courseReportHref(row.course_id, filters)}>{row.title}</Link>,
    },
    {
      field: "state",
      headerName: "Status",
      width: 130,
      valueFormatter: (v: string) => STATE_LABELS[v] ?? v,
      renderCell: ({ row, formattedValue }) =>
        row.completed_at ? (
          <TwoLineCell secondary={formatDateTime(row.completed_at)}>{formattedValue}</TwoLineCell>
        ) : (
          formattedValue
        ),
    },
    {
      field: "progress_percent",
      headerName: "Progress",
      type: "number",
      width: 95,
      valueFormatter: (v: number) => formatPercent(v),
    },
    {
      field: "average_score",
      headerName: "Score",
      type: "number",
      width: 75,
      valueFormatter: (v: number | null) => formatScore(v),
    },
    {
      field: "passed",
      headerName: "Passed / failed",
      description: "SCORM results: passed and failed",
      type: "number",
      width: 120,
      renderCell: ({ row }) => `${formatCount(row.passed)} / ${formatCount(row.failed)}`,
    },
    {
      field: "time_seconds",
      headerName: "Time",
      type: "number",
      width: 90,
      valueFormatter: (v: number) => formatDuration(v),
    },
    { field: "enrolled_at", headerName: "Enrolled", width: 115, valueFormatter: (v: string) => formatDay(v) },
    {
      field: "last_activity_at",
      headerName: "Last activity",
      width: 160,
      valueFormatter: (v: string | null) => formatDateTime(v),
    },
  ];
  return (
    <Stack spacing={3}>
      <MetricCards figures={metricFigures(readReportMetrics(report))} />
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 2 }}>
        <Typography variant="h6" component="h2">
          Courses
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={`/api/reports/learners/${report.user.id}/export${reportQuery(filters)}`}
          download
        >
          Export CSV
        </Button>
      </Stack>
      <DataGrid
        aria-label="Courses of the learner"
        rows={report.items}
        columns={columns}
        getRowId={(r) => r.course_id}
        initialState={{ pagination: { paginationModel: { pageSize: 20 } } }}
        pageSizeOptions={[10, 20, 50, 100]}
        disableColumnFilter
        disableRowSelectionOnClick
        localeText={{
          noRowsLabel: Object.keys(filters).length
            ? "No course matches these filters"
            : "Not enrolled in any of these courses",
        }}
        autoHeight
      />
    </Stack>
  );
}
