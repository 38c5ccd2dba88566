import pg from "pg";
import { EXPORT_LIST_SEPARATOR, type ExportKind } from "@/lib/schemas/exports";

// The statements of the CSV exports, run as `COPY (…) TO STDOUT WITH CSV HEADER`: PostgreSQL writes the
// file, Node only passes it on. Column aliases are the file's header (lib/schemas/exports.ts lists them).
// COPY takes no bound parameters, so the one value, the organization's id, is a literal made by pg.

/**
 * A text cell a spreadsheet must not run as a formula: lib/csv.ts's rule (a leading apostrophe before
 * =, +, -, @, tab or CR), in SQL. Every text column of every export goes through it; numbers, dates and
 * the database's own enums cannot start with a formula.
 */
export function neutralised(expression: string): string {
  return `regexp_replace(${expression}, '^([-=+@\\t\\r])', '''\\1')`;
}

const time = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const list = (expression: string, order: string) =>
  `string_agg(${expression}, '${EXPORT_LIST_SEPARATOR}' ORDER BY ${order})`;

/** The rows of one organization (its id), or of every organization (null: each row starts with its subdomain). */
export interface ExportScopeSql {
  organizationId: string | null;
}

interface KindSql {
  /** The select list, after the organization column of an every-organization export. */
  columns: string[];
  /** FROM and JOINs; `t` is the table whose organizationId scopes the rows. */
  from: string;
  orderBy: string[];
}

const person = (alias: string) => [
  `${neutralised(`${alias}.email`)} AS email`,
  `${neutralised(`${alias}."firstName"`)} AS first_name`,
  `${neutralised(`${alias}."lastName"`)} AS last_name`,
];

const KINDS: Record<ExportKind, KindSql> = {
  users: {
    columns: [
      ...person("t"),
      `${neutralised("t.username")} AS username`,
      "t.role AS role",
      "t.status AS status",
      `${neutralised(`(SELECT ${list("g.name", "g.name")} FROM "GroupMember" gm JOIN "Group" g ON g.id = gm."groupId" AND g."organizationId" = gm."organizationId" WHERE gm."organizationId" = t."organizationId" AND gm."userId" = t.id)`)} AS groups`,
    ],
    from: `"User" t`,
    orderBy: ["t.email"],
  },
  courses: {
    columns: [
      "t.id AS course_id",
      `${neutralised("t.title")} AS title`,
      "t.status AS status",
      `${neutralised("cat.name")} AS category`,
      `${neutralised(`(SELECT ${list("iu.email", "iu.email")} FROM "CourseInstructor" ci JOIN "User" iu ON iu.id = ci."userId" AND iu."organizationId" = ci."organizationId" WHERE ci."organizationId" = t."organizationId" AND ci."courseId" = t.id)`)} AS instructors`,
      `t."allowSelfEnrollment"::text AS self_enrollment`,
      `t."allowRetakes"::text AS allow_retakes`,
      `${day(`t."startsOn"`)} AS starts_on`,
      `${day(`t."endsOn"`)} AS ends_on`,
      `${day(`t."dueOn"`)} AS due_on`,
      `t."moduleCount" AS modules`,
      `t."lessonCount" AS lessons`,
      `t."enrollmentCount" AS enrollments`,
      `${neutralised("cu.email")} AS created_by`,
      `${time(`t."createdAt"`)} AS created_at`,
      `${time(`t."publishedAt"`)} AS published_at`,
    ],
    from: `"Course" t
      LEFT JOIN "Category" cat ON cat.id = t."categoryId" AND cat."organizationId" = t."organizationId"
      LEFT JOIN "User" cu ON cu.id = t."createdById" AND cu."organizationId" = t."organizationId"`,
    orderBy: ["t.title", "t.id"],
  },
  enrollments: {
    columns: [
      ...person("u"),
      "c.id AS course_id",
      `${neutralised("c.title")} AS course`,
      "t.status AS status",
      "t.source AS source",
      `t."progressPercent" AS progress_percent`,
      `${time(`t."enrolledAt"`)} AS enrolled_at`,
      `${time(`t."lastAccessedAt"`)} AS last_accessed_at`,
      `${time(`t."completedAt"`)} AS completed_at`,
      `${time(`t."withdrawnAt"`)} AS withdrawn_at`,
    ],
    from: `"Enrollment" t
      JOIN "User" u ON u.id = t."userId" AND u."organizationId" = t."organizationId"
      JOIN "Course" c ON c.id = t."courseId" AND c."organizationId" = t."organizationId"`,
    orderBy: ["c.title", "c.id", "u.email"],
  },
  "group-memberships": {
    columns: [
      `${neutralised("g.name")} AS "group"`,
      ...person("u"),
      "u.role AS role",
      `${time(`t."addedAt"`)} AS added_at`,
    ],
    from: `"GroupMember" t
      JOIN "Group" g ON g.id = t."groupId" AND g."organizationId" = t."organizationId"
      JOIN "User" u ON u.id = t."userId" AND u."organizationId" = t."organizationId"`,
    orderBy: ["g.name", "u.email"],
  },
  "scorm-results": {
    columns: [
      ...person("u"),
      "c.id AS course_id",
      `${neutralised("c.title")} AS course`,
      "l.id AS lesson_id",
      `${neutralised("l.title")} AS lesson`,
      `t."attemptNumber" AS attempt`,
      `${neutralised(`t."completionStatus"`)} AS completion_status`,
      `${neutralised(`t."successStatus"`)} AS success_status`,
      `t."scoreScaled" AS score_scaled`,
      `round((t."scoreScaled" * 100)::numeric, 1) AS score_percent`,
      `round(t."totalTimeSeconds")::bigint AS time_seconds`,
      `to_char(make_interval(secs => round(t."totalTimeSeconds")), 'HH24:MI:SS') AS time`,
      `${time(`t."startedAt"`)} AS started_at`,
      `${time(`t."lastCommittedAt"`)} AS last_committed_at`,
      `${time(`t."completedAt"`)} AS completed_at`,
    ],
    from: `"ScormAttempt" t
      JOIN "Enrollment" e ON e.id = t."enrollmentId" AND e."organizationId" = t."organizationId"
      JOIN "User" u ON u.id = e."userId" AND u."organizationId" = t."organizationId"
      JOIN "Course" c ON c.id = t."courseId" AND c."organizationId" = t."organizationId"
      JOIN "Lesson" l ON l.id = t."lessonId" AND l."organizationId" = t."organizationId"
      JOIN "Module" m ON m.id = l."moduleId" AND m."organizationId" = t."organizationId"`,
    orderBy: ["c.title", "c.id", "m.position", "l.position", "u.email", `t."attemptNumber"`],
  },
};

/** The whole COPY statement of an export. */
export function exportCopySql(kind: ExportKind, scope: ExportScopeSql): string {
  const k = KINDS[kind];
  const { organizationId } = scope;
  const everyOrganization = organizationId === null;
  const columns = everyOrganization ? ["o.subdomain AS organization", ...k.columns] : k.columns;
  const from = everyOrganization ? `${k.from}\n      JOIN "Organization" o ON o.id = t."organizationId"` : k.from;
  const where =
    organizationId === null
      ? `t."organizationId" IS NOT NULL`
      : `t."organizationId" = ${pg.escapeLiteral(organizationId)}::uuid`;
  const orderBy = everyOrganization ? ["o.subdomain", ...k.orderBy] : k.orderBy;
  return `COPY (SELECT ${columns.join(",\n      ")}\n    FROM ${from}\n    WHERE ${where}\n    ORDER BY ${orderBy.join(", ")}) TO STDOUT WITH (FORMAT csv, HEADER true, ENCODING 'UTF8')`;
}
