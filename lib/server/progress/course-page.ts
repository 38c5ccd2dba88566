import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import {
  canViewContent,
  courseAccessColumns,
  courseAccessOf,
  courseNotFound,
  enrollmentJoinSql,
} from "@/lib/server/courses/access";
import { courseJson, type CourseDetailRow, type CourseJson } from "@/lib/server/courses/json";
import {
  enrollmentColumns,
  enrollmentOf,
  outlineModules,
  outlineProgressSql,
  type EnrollmentColumnsRow,
  type OutlineProgressJson,
} from "@/lib/server/progress/learner-course-sql";
import type { LearnerCourseState } from "@/lib/server/progress/player";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The course page in one statement: the course as GET /api/courses/{id} describes it (category, author,
// instructors), the caller's standing and enrollment, and the outline with the caller's marks.

const coursePageSql = (
  organizationId: string,
  courseId: string,
  userId: string,
) => Prisma.sql`SELECT ${courseAccessColumns(userId)},
  ${enrollmentColumns},
  c."title", c."description", c."thumbnailUrl", c."updatedAt", c."publishedAt", c."moduleCount", c."lessonCount",
  c."enrollmentCount", c."allowRetakes", c."createdAt",
  to_char(c."startsOn", 'YYYY-MM-DD') AS "startsOn", to_char(c."endsOn", 'YYYY-MM-DD') AS "endsOn", to_char(c."dueOn", 'YYYY-MM-DD') AS "dueOn",
  cat."id" AS "categoryId", cat."name" AS "categoryName",
  author."id" AS "authorId", author."firstName" AS "authorFirstName", author."lastName" AS "authorLastName",
  (SELECT coalesce(json_agg(json_build_object('id', t."id", 'firstName', t."firstName", 'lastName', t."lastName") ORDER BY ci."addedAt", ci."userId"), '[]')
    FROM "CourseInstructor" ci
    JOIN "User" t ON t."organizationId" = ci."organizationId" AND t."id" = ci."userId"
    WHERE ci."organizationId" = c."organizationId" AND ci."courseId" = c."id") AS "instructors",
  ${outlineProgressSql} AS "modules"
FROM "Course" c
${enrollmentJoinSql(userId)}
LEFT JOIN "Category" cat ON cat."organizationId" = c."organizationId" AND cat."id" = c."categoryId"
LEFT JOIN "User" author ON author."organizationId" = c."organizationId" AND author."id" = c."createdById"
WHERE c."id" = ${courseId}::uuid AND c."organizationId" = ${organizationId}::uuid`;

type Person = { id: string; firstName: string; lastName: string };

interface CoursePageRow extends EnrollmentColumnsRow {
  title: string;
  description: string;
  thumbnailUrl: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
  moduleCount: number;
  lessonCount: number;
  enrollmentCount: number;
  allowRetakes: boolean;
  createdAt: Date;
  startsOn: string | null;
  endsOn: string | null;
  dueOn: string | null;
  categoryId: string | null;
  categoryName: string | null;
  authorId: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  instructors: Person[];
  modules: OutlineProgressJson[];
}

export interface CoursePage {
  course: CourseJson;
  state: LearnerCourseState;
}

/** The course overview: the course (drafts for their editors only) and the learner's half of it. */
export async function getCoursePage(ctx: TenantContext, courseId: string): Promise<CoursePage> {
  const organizationId = tenantId(ctx);
  if (!isId(courseId)) throw courseNotFound();
  const [row] = await queryRows<CoursePageRow>(coursePageSql(organizationId, courseId, ctx.userId));
  const access = courseAccessOf(ctx, organizationId, courseId, row);
  const found = row!;
  return {
    course: courseJson(courseDetailRow(courseId, found), access),
    state: {
      enrollment: enrollmentOf(access, found),
      can_view_content: canViewContent(access),
      modules: outlineModules(found.modules),
    },
  };
}

/** A calendar date as Prisma reads a DATE column: midnight UTC. */
const dateOf = (day: string | null) => (day === null ? null : new Date(`${day}T00:00:00.000Z`));

function courseDetailRow(id: string, row: CoursePageRow): CourseDetailRow {
  return {
    id,
    title: row.title,
    status: row.status,
    thumbnailUrl: row.thumbnailUrl,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    moduleCount: row.moduleCount,
    lessonCount: row.lessonCount,
    enrollmentCount: row.enrollmentCount,
    category: row.categoryId && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
    description: row.description,
    allowSelfEnrollment: row.allowSelfEnrollment,
    allowRetakes: row.allowRetakes,
    startsOn: dateOf(row.startsOn),
    endsOn: dateOf(row.endsOn),
    dueOn: dateOf(row.dueOn),
    createdAt: row.createdAt,
    createdBy: row.authorId
      ? { id: row.authorId, firstName: row.authorFirstName!, lastName: row.authorLastName! }
      : null,
    instructors: row.instructors.map((user) => ({ user })),
  };
}
