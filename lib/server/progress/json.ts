import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export const lessonProgressSelect = {
  lessonId: true,
  status: true,
  successStatus: true,
  scoreScaled: true,
  progressMeasure: true,
  position: true,
  completedAt: true,
} satisfies Prisma.LessonProgressSelect;
export type LessonProgressRow = Prisma.LessonProgressGetPayload<{ select: typeof lessonProgressSelect }>;

export function lessonProgressJson(row: LessonProgressRow) {
  return {
    lesson_id: row.lessonId,
    status: row.status,
    success_status: successStatusJson(row.successStatus),
    score_percent: scorePercent(row.scoreScaled),
    position_seconds: row.position,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
export type LessonProgressJson = ReturnType<typeof lessonProgressJson>;

/** SCORM's success status as learners read it: passed, failed, or null when the lesson does not judge. */
export function successStatusJson(status: string | null): "passed" | "failed" | null {
  return status === "passed" || status === "failed" ? status : null;
}

/** A scaled score (0–1; SCORM 2004 allows down to −1) as a whole percentage, or null. */
export function scorePercent(scaled: number | null): number | null {
  return scaled === null ? null : Math.round(Math.max(0, Math.min(1, scaled)) * 100);
}
