import { Prisma } from "@/lib/generated/prisma/client";
import { EXPORT_LIST_SEPARATOR, type ExportKind } from "@/lib/schemas/exports";
import type { CopyColumnKind } from "@/lib/server/csv/copy-text";

// The statements of the CSV exports, run as `COPY (…) TO STDOUT`: PostgreSQL reads and formats the values,
// lib/csv.ts writes the file (the header, the quoting, the formula neutralising of the text columns).
// COPY takes no bound parameters: the statement's values become literals in lib/db.ts's copyStatementText.

/** The rows of one organization (its id), or of every organization (null: each row starts with its subdomain). */
export interface ExportScopeSql {
  organizationId: string | null;
}

/** One column of a file: its header, the expression, and whether it holds someone's text. */
interface Column {
  header: string;
  sql: Prisma.Sql;
  kind: CopyColumnKind;
}

/** Someone's text (a name, a title, a status a SCORM package reported): neutralised when written. */
const text = (header: string, sql: Prisma.Sql): Column => ({ header, sql, kind: "text" });
/** A value PostgreSQL formats (an id, an enum, a number, a date): written as it is. */
const plain = (header: string, sql: Prisma.Sql): Column => ({ header, sql, kind: "plain" });

const time = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
const day = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD')`;
const list = (expression: Prisma.Sql) =>
  Prisma.sql`string_agg(${expression}, ${EXPORT_LIST_SEPARATOR} ORDER BY ${expression})`;

interface KindSql {
  /** After the organization column of an every-organization export. */
  columns: Column[];
  /** FROM and JOINs; `t` is the table whose organizationId scopes the rows. */
  from: Prisma.Sql;
  orderBy: Prisma.Sql;
}

/** A person's columns from the User `alias`. */
const person = (alias: Prisma.Sql) => [
  text("email", Prisma.sql`${alias}.email`),
  text("first_name", Prisma.sql`${alias}."firstName"`),
  text("last_name", Prisma.sql`${alias}."lastName"`),
];

const KINDS: Record<ExportKind, KindSql> = {
  users: {
    columns: [
      ...person(Prisma.sql`t`),
      text("username", Prisma.sql`t.username`),
      plain("role", Prisma.sql`t.role`),
      plain("status", Prisma.sql`t.status`),
      text(
        "groups",
        Prisma.sql`(SELECT ${list(Prisma.sql`g.name`)} FROM "GroupMember" gm JOIN "Group" g ON g.id = gm."groupId" AND g."organizationId" = gm."organizationId" WHERE gm."organizationId" = t."organizationId" AND gm."userId" = t.id)`,
      ),
    ],
    from: Prisma.sql`"User" t`,
    orderBy: Prisma.sql`t.email`,
  },
  courses: {
    columns: [
      plain("course_id", Prisma.sql`t.id`),
      text("title", Prisma.sql`t.title`),
      plain("status", Prisma.sql`t.status`),
      text("category", Prisma.sql`cat.name`),
      text(
        "instructors",
        Prisma.sql`(SELECT ${list(Prisma.sql`iu.email`)} FROM "CourseInstructor" ci JOIN "User" iu ON iu.id = ci."userId" AND iu."organizationId" = ci."organizationId" WHERE ci."organizationId" = t."organizationId" AND ci."courseId" = t.id)`,
      ),
      plain("self_enrollment", Prisma.sql`t."allowSelfEnrollment"::text`),
      plain("allow_retakes", Prisma.sql`t."allowRetakes"::text`),
      plain("starts_on", day(Prisma.sql`t."startsOn"`)),
      plain("ends_on", day(Prisma.sql`t."endsOn"`)),
      plain("due_on", day(Prisma.sql`t."dueOn"`)),
      plain("modules", Prisma.sql`t."moduleCount"`),
      plain("lessons", Prisma.sql`t."lessonCount"`),
      plain("enrollments", Prisma.sql`t."enrollmentCount"`),
      text("created_by", Prisma.sql`cu.email`),
      plain("created_at", time(Prisma.sql`t."createdAt"`)),
      plain("published_at", time(Prisma.sql`t."publishedAt"`)),
    ],
    from: Prisma.sql`"Course" t
      LEFT JOIN "Category" cat ON cat.id = t."categoryId" AND cat."organizationId" = t."organizationId"
      LEFT JOIN "User" cu ON cu.id = t."createdById" AND cu."organizationId" = t."organizationId"`,
    orderBy: Prisma.sql`t.title, t.id`,
  },
  enrollments: {
    columns: [
      ...person(Prisma.sql`u`),
      plain("course_id", Prisma.sql`c.id`),
      text("course", Prisma.sql`c.title`),
      plain("status", Prisma.sql`t.status`),
      plain("source", Prisma.sql`t.source`),
      plain("progress_percent", Prisma.sql`t."progressPercent"`),
      plain("enrolled_at", time(Prisma.sql`t."enrolledAt"`)),
      plain("last_accessed_at", time(Prisma.sql`t."lastAccessedAt"`)),
      plain("completed_at", time(Prisma.sql`t."completedAt"`)),
      plain("withdrawn_at", time(Prisma.sql`t."withdrawnAt"`)),
    ],
    from: Prisma.sql`"Enrollment" t
      JOIN "User" u ON u.id = t."userId" AND u."organizationId" = t."organizationId"
      JOIN "Course" c ON c.id = t."courseId" AND c."organizationId" = t."organizationId"`,
    orderBy: Prisma.sql`c.title, c.id, u.email`,
  },
  "group-memberships": {
    columns: [
      text("group", Prisma.sql`g.name`),
      ...person(Prisma.sql`u`),
      plain("role", Prisma.sql`u.role`),
      plain("added_at", time(Prisma.sql`t."addedAt"`)),
    ],
    from: Prisma.sql`"GroupMember" t
      JOIN "Group" g ON g.id = t."groupId" AND g."organizationId" = t."organizationId"
      JOIN "User" u ON u.id = t."userId" AND u."organizationId" = t."organizationId"`,
    orderBy: Prisma.sql`g.name, u.email`,
  },
  "scorm-results": {
    columns: [
      ...person(Prisma.sql`u`),
      plain("course_id", Prisma.sql`c.id`),
      text("course", Prisma.sql`c.title`),
      plain("lesson_id", Prisma.sql`l.id`),
      text("lesson", Prisma.sql`l.title`),
      plain("attempt", Prisma.sql`t."attemptNumber"`),
      text("completion_status", Prisma.sql`t."completionStatus"`),
      text("success_status", Prisma.sql`t."successStatus"`),
      plain("score_scaled", Prisma.sql`t."scoreScaled"`),
      plain("score_percent", Prisma.sql`round((t."scoreScaled" * 100)::numeric, 1)`),
      plain("time_seconds", Prisma.sql`round(t."totalTimeSeconds")::bigint`),
      plain("time", Prisma.sql`to_char(make_interval(secs => round(t."totalTimeSeconds")), 'HH24:MI:SS')`),
      plain("started_at", time(Prisma.sql`t."startedAt"`)),
      plain("last_committed_at", time(Prisma.sql`t."lastCommittedAt"`)),
      plain("completed_at", time(Prisma.sql`t."completedAt"`)),
    ],
    from: Prisma.sql`"ScormAttempt" t
      JOIN "Enrollment" e ON e.id = t."enrollmentId" AND e."organizationId" = t."organizationId"
      JOIN "User" u ON u.id = e."userId" AND u."organizationId" = t."organizationId"
      JOIN "Course" c ON c.id = t."courseId" AND c."organizationId" = t."organizationId"
      JOIN "Lesson" l ON l.id = t."lessonId" AND l."organizationId" = t."organizationId"
      JOIN "Module" m ON m.id = l."moduleId" AND m."organizationId" = t."organizationId"`,
    orderBy: Prisma.sql`c.title, c.id, m.position, l.position, u.email, t."attemptNumber"`,
  },
  // The names and title as the certificate carries them (frozen at issue); the status as the verification
  // page would tell it at the moment of the export.
  certificates: {
    columns: [
      plain("code", Prisma.sql`t.code`),
      text("email", Prisma.sql`u.email`),
      text("username", Prisma.sql`u.username`),
      text("learner_name", Prisma.sql`t."learnerName"`),
      plain("course_id", Prisma.sql`t."courseId"`),
      text("course", Prisma.sql`t."courseTitle"`),
      plain("completed_at", time(Prisma.sql`t."completedAt"`)),
      plain("expires_at", time(Prisma.sql`t."expiresAt"`)),
      plain("issued_at", time(Prisma.sql`t."issuedAt"`)),
      plain(
        "status",
        Prisma.sql`CASE WHEN t."revokedAt" IS NOT NULL THEN 'revoked'
          WHEN t."expiresAt" <= (now() AT TIME ZONE 'UTC') THEN 'expired' ELSE 'valid' END`,
      ),
      plain("revoked_at", time(Prisma.sql`t."revokedAt"`)),
      text("revoked_reason", Prisma.sql`t."revokedReason"`),
      plain("score", Prisma.sql`t.score`),
    ],
    from: Prisma.sql`"Certificate" t
      JOIN "User" u ON u.id = t."userId" AND u."organizationId" = t."organizationId"`,
    orderBy: Prisma.sql`t."courseTitle", t."courseId", u.email, t."completedAt", t.issue`,
  },
};

/** An every-organization export starts each row with the organization's subdomain. */
const ORGANIZATION = plain("organization", Prisma.sql`o.subdomain`);

export interface ExportStatement {
  header: string[];
  kinds: CopyColumnKind[];
  copy: Prisma.Sql;
}

/** The file's columns and the whole COPY statement of an export. */
export function exportStatement(kind: ExportKind, scope: ExportScopeSql): ExportStatement {
  const k = KINDS[kind];
  const { organizationId } = scope;
  const columns = organizationId === null ? [ORGANIZATION, ...k.columns] : k.columns;
  const select = Prisma.join(
    columns.map((c) => c.sql),
    ",\n      ",
  );
  const rows =
    organizationId === null
      ? Prisma.sql`FROM ${k.from}
      JOIN "Organization" o ON o.id = t."organizationId"
    WHERE t."organizationId" IS NOT NULL
    ORDER BY o.subdomain, ${k.orderBy}`
      : Prisma.sql`FROM ${k.from}
    WHERE t."organizationId" = ${organizationId}::uuid
    ORDER BY ${k.orderBy}`;
  return {
    header: columns.map((c) => c.header),
    kinds: columns.map((c) => c.kind),
    copy: Prisma.sql`COPY (SELECT ${select}
    ${rows}) TO STDOUT WITH (FORMAT text, ENCODING 'UTF8')`,
  };
}
