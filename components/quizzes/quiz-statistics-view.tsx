"use client";

import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { DataGrid } from "@/components/data/data-grid";
import { QUESTION_TYPE_LABELS } from "@/components/question-banks/labels";
import type { QuestionType } from "@/lib/schemas/questions";
import type { QuestionStatisticsJson, QuizStatisticsJson } from "@/lib/server/quizzes/statistics";

// A quiz's item analysis (GET …/quiz/statistics as the page's service answers it): the quiz's figures,
// one row per question, and each choice's share in a second table, since the free Data Grid has no
// expandable rows.

const percent = (value: number | null) => (value === null ? "—" : `${value.toFixed(2)}%`);

type QuestionRow = QuestionStatisticsJson & { place: number };

const questionColumns: GridColDef<QuestionRow>[] = [
  { field: "place", headerName: "#", width: 60, type: "number" },
  { field: "name", headerName: "Question", flex: 1, minWidth: 200 },
  {
    field: "type",
    headerName: "Type",
    width: 150,
    valueGetter: (value: string) => QUESTION_TYPE_LABELS[value as QuestionType] ?? value,
  },
  { field: "attempts", headerName: "Attempts", width: 100, type: "number" },
  { field: "facility_percent", headerName: "Facility", width: 110, type: "number", valueFormatter: percent },
  { field: "sd_percent", headerName: "SD", width: 100, type: "number", valueFormatter: percent },
  {
    field: "discrimination_percent",
    headerName: "Discrimination",
    width: 140,
    type: "number",
    valueFormatter: percent,
  },
];

interface OptionRow {
  id: string;
  question: string;
  option: string;
  count: number;
  share_percent: number;
}

const optionColumns: GridColDef<OptionRow>[] = [
  { field: "question", headerName: "Question", flex: 1, minWidth: 200 },
  { field: "option", headerName: "Option", flex: 1, minWidth: 160 },
  { field: "count", headerName: "Chosen by", width: 120, type: "number" },
  { field: "share_percent", headerName: "Share", width: 110, type: "number", valueFormatter: percent },
];

export function QuizStatisticsView({
  statistics,
  optionLabels,
}: {
  statistics: QuizStatisticsJson;
  optionLabels: Record<string, Record<string, string>>;
}) {
  const rows: QuestionRow[] = statistics.questions.map((q, i) => ({ ...q, place: i + 1 }));
  const options: OptionRow[] = statistics.questions.flatMap((q) =>
    q.options.map((o) => ({
      id: `${q.question_id}:${o.option}`,
      question: q.name,
      option: optionLabels[q.question_id]?.[o.option] ?? o.option,
      count: o.count,
      share_percent: o.share_percent,
    })),
  );
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap" }}>
        <Figure label="Graded attempts" value={String(statistics.graded_attempts)} />
        <Figure label="Mean score" value={percent(statistics.mean_score_percent)} />
      </Stack>
      <section aria-labelledby="quiz-question-statistics">
        <Typography id="quiz-question-statistics" variant="h6" component="h2" sx={{ mb: 1 }}>
          Questions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Facility: the mean mark as a share of the question&apos;s mark. SD: how much that varies. Discrimination: how
          well the question tells apart those who do well on the rest of the quiz.
        </Typography>
        <DataGrid
          aria-label="Question statistics"
          rows={rows}
          columns={questionColumns}
          getRowId={(r) => r.question_id}
          initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
          pageSizeOptions={[20, 50, 100]}
          disableRowSelectionOnClick
          disableColumnFilter
          autoHeight
        />
      </section>
      {options.length > 0 && (
        <section aria-labelledby="quiz-option-statistics">
          <Typography id="quiz-option-statistics" variant="h6" component="h2" sx={{ mb: 1 }}>
            Options chosen
          </Typography>
          <DataGrid
            aria-label="Options chosen"
            rows={options}
            columns={optionColumns}
            initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
            pageSizeOptions={[20, 50, 100]}
            disableRowSelectionOnClick
            disableColumnFilter
            autoHeight
          />
        </section>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 180 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Paper>
  );
}
