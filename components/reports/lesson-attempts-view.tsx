"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { DataGrid } from "@/components/data/data-grid";
import { useSearchParams } from "next/navigation";
import { formatDateTime, formatDuration, formatScore, scormResult } from "@/components/reports/format";
import { readReportFilters, reportQuery } from "@/components/reports/report-query";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { LessonAttemptsJson, PackageAttemptJson } from "@/lib/server/reports/lesson-attempts";

const COMPLETION: Record<string, string> = {
  completed: "Completed",
  incomplete: "Incomplete",
  "not attempted": "Not attempted",
  unknown: "Not reported",
  waived: "Waived",
};

const ENDED: Record<string, string> = { terminated: "Terminated", abandoned: "Abandoned" };

/** One row per activity attempt of a SCO; a SCO never opened in the attempt gets one row saying so. */
interface ActivityRow {
  id: string;
  sco: string;
  number: number | null;
  completion_status: string;
  success_status: string | null;
  score: number | null;
  time_seconds: number;
  started_at: string | null;
  ended_by: string | null;
}

// A cmi5 lesson's rows are its AUs' sessions (the report's shape is SCORM's); they also say how each ended.
const columnsFor = (cmi5: boolean): GridColDef<ActivityRow>[] => [
  { field: "sco", headerName: cmi5 ? "AU" : "SCO", flex: 1, minWidth: 160 },
  {
    field: "number",
    headerName: cmi5 ? "Session" : "Activity attempt",
    type: "number",
    width: 140,
    valueFormatter: (v: number | null) => (v === null ? "—" : String(v)),
  },
  {
    field: "completion_status",
    headerName: "Status",
    width: 130,
    valueFormatter: (v: string) => COMPLETION[v] ?? v,
  },
  {
    field: "success_status",
    headerName: "Result",
    width: 110,
    valueFormatter: (v: string | null) => scormResult(v),
  },
  {
    field: "score",
    headerName: "Score",
    type: "number",
    width: 90,
    valueFormatter: (v: number | null) => formatScore(v),
  },
  {
    field: "time_seconds",
    headerName: "Time",
    type: "number",
    width: 100,
    valueFormatter: (v: number) => formatDuration(v),
  },
  {
    field: "started_at",
    headerName: "Started",
    width: 180,
    valueFormatter: (v: string | null) => (v ? formatDateTime(v) : "—"),
  },
  ...(cmi5
    ? [
        {
          field: "ended_by",
          headerName: "Ended",
          width: 120,
          valueFormatter: (v: string | null) => (v ? (ENDED[v] ?? v) : "—"),
        } satisfies GridColDef<ActivityRow>,
      ]
    : []),
];

function rowsOf(attempt: PackageAttemptJson): ActivityRow[] {
  return attempt.scos.flatMap((sco): ActivityRow[] =>
    sco.activity_attempts.length === 0
      ? [
          {
            id: sco.sco_id,
            sco: sco.title,
            number: null,
            completion_status: sco.waived ? "waived" : "not attempted",
            success_status: null,
            score: null,
            time_seconds: 0,
            started_at: null,
            ended_by: null,
          },
        ]
      : sco.activity_attempts.map((a) => ({
          id: `${sco.sco_id}:${a.number}`,
          sco: sco.title,
          number: a.number,
          completion_status: a.completion_status,
          success_status: a.success_status,
          score: a.score,
          time_seconds: a.time_seconds,
          started_at: a.started_at,
          ended_by: a.ended_by ?? null,
        })),
  );
}

/**
 * One learner's attempts of a SCORM lesson (the drill-down of a row of the lesson's learners): per package
 * attempt its result, then every SCO's activity attempts, so a post-test taken twice shows both. A cmi5
 * lesson's registrations show the same way, each AU with its sessions.
 */
export function LessonAttemptsView({ apiPath }: { apiPath: string }) {
  const filters = readReportFilters(useSearchParams());
  const { data, error, isLoading } = useApi<LessonAttemptsJson>(`${apiPath}${reportQuery(filters)}`);
  const name = data ? `${data.learner.first_name} ${data.learner.last_name}`.trim() : "";
  return (
    <Box component="section" aria-labelledby="learner-attempts-title">
      <Typography id="learner-attempts-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {name ? `Attempts of ${name}` : "Attempts"}
      </Typography>
      {error ? (
        <Alert severity="error">{failureMessage(error, "Failed to load the attempts")}</Alert>
      ) : isLoading || !data ? (
        <Box role="status" aria-live="polite">
          <Typography sx={{ color: "text.secondary", mb: 1 }}>Loading the attempts…</Typography>
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : data.items.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>{name} has not started this lesson yet.</Typography>
      ) : (
        <PackageAttempts attempts={data.items} cmi5={data.lesson.kind === "cmi5"} />
      )}
    </Box>
  );
}

function PackageAttempts({ attempts, cmi5 }: { attempts: PackageAttemptJson[]; cmi5: boolean }) {
  const columns = columnsFor(cmi5);
  return (
    <Stack spacing={3}>
      {attempts.map((attempt) => (
        <section key={attempt.attempt_number} aria-labelledby={`package-attempt-${attempt.attempt_number}`}>
          <Typography id={`package-attempt-${attempt.attempt_number}`} variant="subtitle1" component="h3">
            Attempt {attempt.attempt_number}
          </Typography>
          <Typography sx={{ color: "text.secondary", mb: 1 }}>
            {[
              COMPLETION[attempt.completion_status] ?? attempt.completion_status,
              `result: ${scormResult(attempt.success_status).toLowerCase()}`,
              `score ${formatScore(attempt.score)}`,
              `time ${formatDuration(attempt.time_seconds)}`,
              `started ${formatDateTime(attempt.started_at)}`,
              attempt.ended_at ? `ended ${formatDateTime(attempt.ended_at)}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Typography>
          <DataGrid
            aria-label={`${cmi5 ? "Sessions" : "Activity attempts"} of attempt ${attempt.attempt_number}`}
            rows={rowsOf(attempt)}
            columns={columns}
            disableColumnFilter
            disableRowSelectionOnClick
            hideFooter
            autoHeight
          />
        </section>
      ))}
    </Stack>
  );
}
