import { db } from "@/lib/db";

export interface CourseCounts {
  modules: number;
  lessons: number;
  enrollments: number;
}

const NONE: CourseCounts = { modules: 0, lessons: 0, enrollments: 0 };

/** Exported so the benchmark's ceiling server sends exactly this statement (scripts/bench/ceiling-sql.ts). */
export const COURSE_COUNTS_SQL = `SELECT c."id",
  (SELECT count(*) FROM "Module" m WHERE m."organizationId" = c."organizationId" AND m."courseId" = c."id")::int AS "modules",
  (SELECT count(*) FROM "Lesson" l WHERE l."organizationId" = c."organizationId" AND l."courseId" = c."id")::int AS "lessons",
  (SELECT count(*) FROM "Enrollment" e WHERE e."organizationId" = c."organizationId" AND e."courseId" = c."id")::int AS "enrollments"
FROM "Course" c
WHERE c."organizationId" = $1::uuid AND c."id" = ANY($2::uuid[])`;

/**
 * Module, lesson and enrollment counts of the given courses only. Prisma's relation `_count` aggregates
 * every row of the organization before joining, which at 25,000 enrollments per organization cost more
 * than the page itself (docs/benchmarks.md); correlated counts use the (organizationId, courseId) indexes.
 */
export async function countCourseContents(organizationId: string, courseIds: string[]): Promise<Map<string, CourseCounts>> {
  if (courseIds.length === 0) return new Map();
  // Parameters are bound, never spliced into the text: $queryRawUnsafe is safe with them.
  const rows = await db().$queryRawUnsafe<({ id: string } & CourseCounts)[]>(COURSE_COUNTS_SQL, organizationId, courseIds);
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}

export function countsOf(counts: Map<string, CourseCounts>, courseId: string): CourseCounts {
  return counts.get(courseId) ?? NONE;
}
