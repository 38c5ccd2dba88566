import type { OutlineLessonState } from "@/lib/server/progress/player";

/** A scored lesson's result as the learner reads it: "Passed · Score 100%". */
export function lessonResultText(lesson: Pick<OutlineLessonState, "success_status" | "score_percent">): string | null {
  const parts = [
    lesson.success_status === "passed" ? "Passed" : lesson.success_status === "failed" ? "Failed" : null,
    lesson.score_percent === null ? null : `Score ${lesson.score_percent}%`,
  ];
  return parts.filter(Boolean).join(" · ") || null;
}
