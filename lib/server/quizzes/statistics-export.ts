import "server-only";
import { AppError } from "@/lib/errors";
import { csvOf } from "@/lib/server/csv/csv-stream";
import { getQuizStatisticsView } from "@/lib/server/quizzes/authoring";
import type { TenantContext } from "@/lib/tenancy/context";

// GET …/quiz/statistics/export: the statistics page's two tables as one CSV, a row per question with its
// options' shares in words in the last column, through the app's one CSV writer (quoting, formulas
// neutralised, byte-order mark).

const HEADER = [
  "Place",
  "Question",
  "Type",
  "Attempts",
  "Answered",
  "Facility %",
  "SD %",
  "Discrimination %",
  "Options chosen",
] as const;

export async function exportQuizStatistics(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
): Promise<ReadableStream<Uint8Array>> {
  const view = await getQuizStatisticsView(ctx, courseId, lessonId);
  if (!view) throw new AppError("BAD_REQUEST", "This lesson is not a quiz");
  if (!view.statistics) throw new AppError("NOT_FOUND", "This quiz has not been set up yet");
  return csvOf(
    HEADER,
    view.statistics.questions.map((q, i) => [
      i + 1,
      q.name,
      q.type,
      q.attempts,
      q.answered,
      q.facility_percent,
      q.sd_percent,
      q.discrimination_percent,
      q.options
        .map((o) => `${view.option_labels[q.question_id]?.[o.option] ?? o.option}: ${o.count} (${o.share_percent}%)`)
        .join("; "),
    ]),
  );
}
