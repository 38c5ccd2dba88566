import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { outlineJson, type OutlineJson } from "@/lib/server/courses/json";

// The outline (modules and their lessons, in order) as one hand-written read: the course page, the
// player and the outline editor all start from it.

/**
 * The outline in one statement: each module with its lessons (an empty module is one row without a
 * lesson). Exported so the benchmark's ceiling server sends exactly this statement.
 */
export const outlineSql = (
  organizationId: string,
  courseId: string,
) => Prisma.sql`SELECT m."id" AS "moduleId", m."title" AS "moduleTitle", m."description" AS "moduleDescription", m."position" AS "modulePosition",
  l."id", l."title", l."kind"::text AS "kind", l."position", l."isRequired", l."durationSeconds"
FROM "Module" m
LEFT JOIN "Lesson" l ON l."organizationId" = m."organizationId" AND l."courseId" = m."courseId" AND l."moduleId" = m."id"
WHERE m."organizationId" = ${organizationId}::uuid AND m."courseId" = ${courseId}::uuid
ORDER BY m."position", m."id", l."position", l."id"`;

export interface OutlineRow {
  moduleId: string;
  moduleTitle: string;
  moduleDescription: string;
  modulePosition: number;
  id: string | null;
  title: string | null;
  kind: OutlineJson["modules"][number]["lessons"][number]["kind"] | null;
  position: number | null;
  isRequired: boolean | null;
  durationSeconds: number | null;
}

/** Rows in outline order → modules with their lessons. */
export function outlineFromRows(courseId: string, rows: OutlineRow[]): OutlineJson {
  const modules: Parameters<typeof outlineJson>[1] = [];
  for (const row of rows) {
    let current = modules.at(-1);
    if (current?.id !== row.moduleId) {
      current = {
        id: row.moduleId,
        courseId,
        title: row.moduleTitle,
        description: row.moduleDescription,
        position: row.modulePosition,
        lessons: [],
      };
      modules.push(current);
    }
    if (row.id !== null) {
      current.lessons.push({
        id: row.id,
        moduleId: row.moduleId,
        title: row.title!,
        kind: row.kind!,
        position: row.position!,
        isRequired: row.isRequired!,
        durationSeconds: row.durationSeconds,
      });
    }
  }
  return outlineJson(courseId, modules);
}

export async function readOutline(organizationId: string, courseId: string): Promise<OutlineJson> {
  return outlineFromRows(courseId, await queryRows<OutlineRow>(outlineSql(organizationId, courseId)));
}
