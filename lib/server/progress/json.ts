import type { Prisma } from "@/lib/generated/prisma/client";

export const lessonProgressSelect = { lessonId: true, status: true, position: true, completedAt: true } satisfies Prisma.LessonProgressSelect;
export type LessonProgressRow = Prisma.LessonProgressGetPayload<{ select: typeof lessonProgressSelect }>;

export function lessonProgressJson(row: LessonProgressRow) {
  return { lesson_id: row.lessonId, status: row.status, position_seconds: row.position, completed_at: row.completedAt?.toISOString() ?? null };
}
export type LessonProgressJson = ReturnType<typeof lessonProgressJson>;
