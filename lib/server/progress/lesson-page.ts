import "server-only";
import { queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import {
  canViewContent,
  courseAccessColumns,
  courseAccessOf,
  courseNotFound,
  enrollmentJoinSql,
  mayEditSql,
  NO_MODULE_ACCESS_MESSAGE,
  teachesSql,
} from "@/lib/server/courses/access";
import { lessonJson, type LessonRow } from "@/lib/server/courses/json";
import { lessonProgressJson, type LessonProgressRow } from "@/lib/server/progress/json";
import {
  enrollmentColumns,
  enrollmentOf,
  outlineModules,
  outlineProgressSql,
  type EnrollmentColumnsRow,
  type OutlineProgressJson,
} from "@/lib/server/progress/learner-course-sql";
import type { LessonLink, LessonPlayer, OutlineLessonState } from "@/lib/server/progress/player";
import type { LessonKind } from "@/lib/server/progress/rules";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The lesson page in one statement: the course's title and the caller's standing, the lesson with its
// current SCORM package, the caller's enrollment, progress and outline, and the visit's write.

/** How stale the "continue here" mark may be before the same lesson's next visit writes it again. */
const TOUCH_INTERVAL_MS = 60_000;

interface LessonPageParams {
  organizationId: string;
  courseId: string;
  /** Null when the address names no valid id: nothing is found or written, and the page is a 404. */
  moduleId: string | null;
  lessonId: string | null;
  now: Date;
}

/**
 * Opening a lesson moves the enrollment's "continue here" mark, for a caller who may open it (the access
 * check's rule, mayEditSql) and whose enrollment is not withdrawn. Lesson links are not prefetched, so only
 * a real visit gets here. Visits to the lesson the mark already names write again only once it is a minute
 * old: a reload or a second tab then costs no write, and no wait on the enrollment's row lock behind the
 * other tab's write. The page's read sees the enrollment as it was before (one snapshot).
 */
const touchSql = (ctx: TenantContext, p: LessonPageParams) => {
  const now = Prisma.sql`${p.now.toISOString()}::timestamp`;
  const stale = Prisma.sql`${new Date(p.now.getTime() - TOUCH_INTERVAL_MS).toISOString()}::timestamp`;
  return Prisma.sql`UPDATE "Enrollment" t SET "lastLessonId" = l."id", "lastAccessedAt" = ${now}, "updatedAt" = ${now}
  FROM "Course" c, "Lesson" l
  WHERE t."organizationId" = ${p.organizationId}::uuid AND t."courseId" = ${p.courseId}::uuid AND t."userId" = ${ctx.userId}::uuid
    AND t."status" <> 'withdrawn'
    AND c."organizationId" = t."organizationId" AND c."id" = t."courseId"
    AND (c."status" <> 'draft' OR ${mayEditSql(ctx, teachesSql(ctx.userId))})
    AND l."organizationId" = t."organizationId" AND l."courseId" = t."courseId" AND l."id" = ${p.lessonId}::uuid AND l."moduleId" = ${p.moduleId}::uuid
    AND (t."lastLessonId" IS DISTINCT FROM l."id" OR t."lastAccessedAt" IS NULL OR t."lastAccessedAt" < ${stale})`;
};

const lessonPageSql = (ctx: TenantContext, p: LessonPageParams) => Prisma.sql`WITH "touched" AS (${touchSql(ctx, p)})
SELECT ${courseAccessColumns(ctx.userId)},
  ${enrollmentColumns},
  c."title" AS "courseTitle",
  l."id" AS "lessonId", l."moduleId" AS "lessonModuleId", l."title" AS "lessonTitle", l."kind"::text AS "lessonKind",
  l."position" AS "lessonPosition", l."isRequired" AS "lessonIsRequired", l."durationSeconds" AS "lessonDurationSeconds",
  l."body" AS "lessonBody", l."mediaUrl" AS "lessonMediaUrl", l."storageKey" AS "lessonStorageKey",
  l."fileName" AS "lessonFileName", l."fileSize" AS "lessonFileSize", l."mimeType" AS "lessonMimeType",
  pkg."id" AS "packageId", pkg."version" AS "packageVersion", pkg."title" AS "packageTitle",
  pkg."scormVersion"::text AS "packageScormVersion", pkg."createdAt" AS "packageCreatedAt", pkg."scoCount" AS "packageScoCount",
  lp."status"::text AS "progressStatus", lp."successStatus" AS "progressSuccessStatus", lp."scoreScaled" AS "progressScoreScaled",
  lp."progressMeasure" AS "progressMeasure", lp."position" AS "progressPosition", lp."completedAt" AS "progressCompletedAt",
  ${outlineProgressSql} AS "modules"
FROM "Course" c
${enrollmentJoinSql(ctx.userId)}
LEFT JOIN "Lesson" l ON l."organizationId" = c."organizationId" AND l."courseId" = c."id" AND l."id" = ${p.lessonId}::uuid
LEFT JOIN LATERAL (
  SELECT sp."id", sp."version", sp."title", sp."scormVersion", sp."createdAt", sp."scoCount" FROM "ScormPackage" sp
  WHERE sp."organizationId" = l."organizationId" AND sp."lessonId" = l."id" ORDER BY sp."version" DESC LIMIT 1
) pkg ON true
LEFT JOIN "LessonProgress" lp ON lp."organizationId" = c."organizationId" AND lp."enrollmentId" = e."id" AND lp."lessonId" = l."id"
WHERE c."id" = ${p.courseId}::uuid AND c."organizationId" = ${p.organizationId}::uuid`;

type Nullable<T> = { [K in keyof T]: T[K] | null };

interface LessonPageRow
  extends
    EnrollmentColumnsRow,
    Nullable<{
      lessonId: string;
      lessonModuleId: string;
      lessonTitle: string;
      lessonKind: LessonKind;
      lessonPosition: number;
      lessonIsRequired: boolean;
      lessonDurationSeconds: number;
      lessonBody: string;
      lessonMediaUrl: string;
      lessonStorageKey: string;
      lessonFileName: string;
      /** int8: the text PostgreSQL sends. */
      lessonFileSize: string;
      lessonMimeType: string;
      packageId: string;
      packageVersion: number;
      packageTitle: string;
      packageScormVersion: LessonRow["scormPackages"][number]["scormVersion"];
      packageCreatedAt: Date;
      packageScoCount: number;
      progressStatus: LessonProgressRow["status"];
      progressSuccessStatus: string;
      progressScoreScaled: number;
      progressMeasure: number;
      progressPosition: number;
      progressCompletedAt: Date;
    }> {
  courseTitle: string;
  modules: OutlineProgressJson[];
}

/** The player page. Opening a lesson marks it as the enrollment's place to continue. */
export async function getLessonPage(
  ctx: TenantContext,
  courseId: string,
  moduleId: string,
  lessonId: string,
): Promise<LessonPlayer> {
  const organizationId = tenantId(ctx);
  if (!isId(courseId)) throw courseNotFound();
  const params: LessonPageParams = {
    organizationId,
    courseId,
    moduleId: isId(moduleId) ? moduleId : null,
    lessonId: isId(lessonId) ? lessonId : null,
    now: new Date(),
  };
  const [row] = await queryRows<LessonPageRow>(lessonPageSql(ctx, params));
  const access = courseAccessOf(ctx, organizationId, courseId, row);
  if (!canViewContent(access)) throw new AppError("FORBIDDEN", NO_MODULE_ACCESS_MESSAGE);
  const found = row!;
  // The URL names the module too: a lesson under the wrong module is an unknown page.
  if (found.lessonId === null) throw new AppError("NOT_FOUND", "Lesson not found");
  if (found.lessonModuleId !== moduleId) throw new AppError("NOT_FOUND", "Lesson not found");
  const enrollment = enrollmentOf(access, found);
  const modules = outlineModules(found.modules);
  const flat = modules.flatMap((m) => m.lessons);
  const index = flat.findIndex((l) => l.id === lessonId);
  const link = (l: OutlineLessonState | undefined): LessonLink | null =>
    l ? { module_id: l.module_id, lesson_id: l.id, title: l.title } : null;
  return {
    course: { id: courseId, title: found.courseTitle, can_edit: access.canEdit },
    enrollment: enrollment?.status === "withdrawn" ? null : enrollment,
    modules,
    lesson: lessonJson(lessonRow(courseId, found)),
    progress: found.progressStatus === null ? null : lessonProgressJson(progressRow(found)),
    previous: link(flat[index - 1]),
    next: link(flat[index + 1]),
  };
}

function lessonRow(courseId: string, row: LessonPageRow): LessonRow {
  return {
    id: row.lessonId!,
    moduleId: row.lessonModuleId!,
    title: row.lessonTitle!,
    kind: row.lessonKind!,
    position: row.lessonPosition!,
    isRequired: row.lessonIsRequired!,
    durationSeconds: row.lessonDurationSeconds,
    courseId,
    body: row.lessonBody!,
    mediaUrl: row.lessonMediaUrl,
    storageKey: row.lessonStorageKey,
    fileName: row.lessonFileName,
    fileSize: row.lessonFileSize === null ? null : BigInt(row.lessonFileSize),
    mimeType: row.lessonMimeType,
    scormPackages:
      row.packageId === null
        ? []
        : [
            {
              id: row.packageId,
              version: row.packageVersion!,
              title: row.packageTitle!,
              scormVersion: row.packageScormVersion!,
              createdAt: row.packageCreatedAt!,
              scoCount: row.packageScoCount!,
            },
          ],
  };
}

function progressRow(row: LessonPageRow): LessonProgressRow {
  return {
    lessonId: row.lessonId!,
    status: row.progressStatus!,
    successStatus: row.progressSuccessStatus,
    scoreScaled: row.progressScoreScaled,
    progressMeasure: row.progressMeasure,
    position: row.progressPosition,
    completedAt: row.progressCompletedAt,
  };
}
