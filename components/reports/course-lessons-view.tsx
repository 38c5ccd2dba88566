"use client";

import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { DataGrid } from "@/components/data/data-grid";
import Link from "@/components/navigation/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useNavigation } from "@/components/navigation/use-navigation";
import {
  formatCount,
  formatDateTime,
  formatDuration,
  formatPercent,
  formatScore,
  scormResult,
} from "@/components/reports/format";
import { LessonAttemptsView } from "@/components/reports/lesson-attempts-view";
import { MetricCards } from "@/components/reports/metric-cards";
import { ReportGrid } from "@/components/reports/report-grid";
import { TwoLineCell } from "@/components/reports/two-line-cell";
import { readReportFilters, reportQuery } from "@/components/reports/report-query";
import type { CourseLessonsJson, LessonLearnerRow, LessonReportRow } from "@/lib/server/reports/lessons";

const KIND_LABELS: Record<string, string> = {
  text: "Text",
  video: "Video",
  file: "File",
  scorm: "SCORM",
  cmi5: "cmi5",
  quiz: "Quiz",
};
const LESSON_STATUS: Record<string, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  completed: "Completed",
};

// Minimum widths that add up to what the grid has at 1280 px beside the navigation (docs/ui.md): the
// lesson's module and kind ride under its title, passed and failed share a column.
const lessonColumns = (hrefOf: (lessonId: string) => string): GridColDef<LessonReportRow>[] => [
  {
    field: "title",
    headerName: "Lesson",
    flex: 1,
    minWidth: 180,
    renderCell: ({ row }) => (
      <TwoLineCell secondary={`${row.module_title} · ${KIND_LABELS[row.kind] ?? row.kind}`}>
        <Link href={hrefOf(row.lesson_id)} scroll={false} replace>
          {row.title}
        </Link>
      </TwoLineCell>
    ),
  },
  {
    field: "completed",
    headerName: "Completed",
    type: "number",
    width: 105,
    valueFormatter: (v: number) => formatCount(v),
  },
  {
    field: "in_progress",
    headerName: "In progress",
    type: "number",
    width: 105,
    valueFormatter: (v: number) => formatCount(v),
  },
  {
    field: "completion_rate",
    headerName: "Completion",
    description: "Completion rate: the share of the report's enrollments that completed the lesson",
    type: "number",
    width: 110,
    valueFormatter: (v: number) => formatPercent(v),
  },
  {
    field: "passed",
    headerName: "Passed / failed",
    description: "SCORM results: passed and failed",
    type: "number",
    width: 125,
    renderCell: ({ row }) => `${formatCount(row.passed)} / ${formatCount(row.failed)}`,
  },
  {
    field: "average_score",
    headerName: "Avg. score",
    type: "number",
    width: 100,
    valueFormatter: (v: number | null) => formatScore(v),
  },
  { field: "attempts", headerName: "Attempts", type: "number", width: 95 },
  {
    field: "average_time_seconds",
    headerName: "Avg. time",
    type: "number",
    width: 100,
    valueFormatter: (v: number) => formatDuration(v),
  },
];

/**
 * One course per lesson: every lesson with who completed it, SCORM results, attempts and time; a click
 * on a lesson lists its learners below (paged by the server, with their own export), and in a SCORM
 * lesson a click on a learner shows their attempts below that.
 */
export function CourseLessonsView({ report }: { report: CourseLessonsJson }) {
  const params = useSearchParams();
  const router = useNavigation();
  const pathname = usePathname();
  const filters = readReportFilters(params);
  const lessonId = params.get("lesson_id") ?? "";
  const lesson = report.items.find((l) => l.lesson_id === lessonId);
  // A lesson's learners: the address names the lesson (a link on its title, or a click on its row).
  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("lesson_id", id);
    for (const key of ["page", "sort", "order", "q", "learner_id"]) next.delete(key);
    return `${pathname}?${next}`;
  };
  const learnerId = params.get("learner_id") ?? "";
  const learnerHref = (id: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("learner_id", id);
    return `${pathname}?${next}`;
  };
  // SCORM and cmi5 lessons have attempts to drill into (package attempts; cmi5 registrations and sessions).
  const hasAttempts = lesson?.kind === "scorm" || lesson?.kind === "cmi5";
  const choose = (id: string) => router.replace(hrefOf(id), { scroll: false });
  const apiBase = `/api/reports/courses/${report.course.id}/lessons`;
  return (
    <Stack spacing={3}>
      <MetricCards
        figures={[
          { label: "Enrollments in this report", value: formatCount(report.total_enrollments) },
          { label: "Lessons", value: formatCount(report.items.length) },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 2 }}>
        <Typography variant="h6" component="h2">
          Lessons
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={`${apiBase}/export${reportQuery(filters)}`}
          download
        >
          Export CSV
        </Button>
      </Stack>
      <DataGrid
        aria-label="Lessons"
        rows={report.items}
        columns={lessonColumns(hrefOf)}
        getRowId={(r) => r.lesson_id}
        initialState={{ pagination: { paginationModel: { pageSize: 20 } } }}
        pageSizeOptions={[10, 20, 50, 100]}
        onRowClick={({ row }) => choose(row.lesson_id)}
        rowSelectionModel={{ type: "include", ids: new Set(lesson ? [lesson.lesson_id] : []) }}
        // The chosen lesson is shown as selected; it is a place in the report, not a selection to act on.
        hideFooterSelectedRowCount
        disableColumnFilter
        localeText={{ noRowsLabel: "This course has no lessons yet" }}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
        autoHeight
      />
      {lesson ? (
        <section aria-labelledby="lesson-learners-title">
          <Typography id="lesson-learners-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            Learners of “{lesson.title}”
          </Typography>
          <ReportGrid<LessonLearnerRow>
            key={lesson.lesson_id}
            label="Lesson learners"
            apiPath={`${apiBase}/${lesson.lesson_id}/learners`}
            getRowId={(r) => r.user_id}
            rowHref={hasAttempts ? (r) => learnerHref(r.user_id) : undefined}
            defaultSort={{ field: "name", order: "asc" }}
            searchLabel="Search learners"
            emptyText="Nobody is enrolled in this course yet"
            columns={[
              {
                field: "name",
                headerName: "Learner",
                flex: 1,
                minWidth: 180,
                valueGetter: (_v, row) => `${row.first_name} ${row.last_name}`.trim(),
                // A SCORM or cmi5 lesson's learner leads to their attempts (package, SCO, activity attempt).
                renderCell: ({ row, value }) => (
                  <TwoLineCell secondary={row.email}>
                    {hasAttempts ? (
                      <Link href={learnerHref(row.user_id)} scroll={false}>
                        {value}
                      </Link>
                    ) : (
                      value
                    )}
                  </TwoLineCell>
                ),
              },
              {
                field: "status",
                headerName: "Lesson",
                width: 120,
                valueGetter: (_v, row) => LESSON_STATUS[row.lesson_status] ?? row.lesson_status,
              },
              {
                field: "completed_at",
                headerName: "Completed",
                width: 170,
                valueFormatter: (v: string | null) => (v ? formatDateTime(v) : "—"),
              },
              {
                field: "success_status",
                headerName: "SCORM result",
                width: 120,
                sortable: false,
                valueFormatter: (v: string | null) => scormResult(v),
              },
              {
                field: "score",
                headerName: "Score",
                type: "number",
                width: 90,
                valueFormatter: (v: number | null) => formatScore(v),
              },
              { field: "attempts", headerName: "Attempts", type: "number", width: 100, sortable: false },
              {
                field: "time",
                headerName: "Time",
                type: "number",
                width: 100,
                valueGetter: (_v, row) => row.time_seconds,
                valueFormatter: (v: number) => formatDuration(v),
              },
            ]}
          />
          {hasAttempts && learnerId && (
            <Box sx={{ mt: 3 }}>
              <LessonAttemptsView
                key={learnerId}
                apiPath={`${apiBase}/${lesson.lesson_id}/learners/${learnerId}/attempts`}
              />
            </Box>
          )}
        </section>
      ) : (
        report.items.length > 0 && (
          <Typography sx={{ color: "text.secondary" }}>Choose a lesson to see who completed it.</Typography>
        )
      )}
    </Stack>
  );
}
