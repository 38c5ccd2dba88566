import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { requireContentViewer } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { cmi5CourseJson, type Cmi5CourseJson } from "@/lib/server/cmi5/json";
import { env } from "@/lib/env";
import { contentOrigin } from "@/lib/tenancy/host";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";

/** The lesson's current cmi5 course version, or a 404 when none was imported yet. */
export async function getCmi5Course(ctx: TenantContext, courseId: string, lessonId: string): Promise<Cmi5CourseJson> {
  const course = await findCmi5Course(ctx, courseId, lessonId);
  if (!course) throw new AppError("NOT_FOUND", "No cmi5 course has been imported into this lesson yet");
  return course;
}

export async function findCmi5Course(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
): Promise<Cmi5CourseJson | null> {
  const { organizationId } = await requireContentViewer(ctx, courseId);
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (lesson.kind !== "cmi5") throw new AppError("NOT_FOUND", "This lesson has no cmi5 course");
  const row = await db().cmi5Course.findFirst({ where: { organizationId, lessonId }, orderBy: { version: "desc" } });
  return row ? cmi5CourseJson(row) : null;
}

export interface Cmi5PlayerData {
  courseId: string;
  lessonId: string;
  aus: { index: number; title: string; launch_method: string }[];
  /** The organization's content host, where packaged AUs play (framed by the lesson page). */
  contentOrigin: string;
}

/** What the lesson page's player needs, or null when no course was imported yet. */
export async function loadCmi5Player(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  appOrigin: string,
): Promise<Cmi5PlayerData | null> {
  const course = await findCmi5Course(ctx, courseId, lessonId);
  if (!course) return null;
  return {
    courseId,
    lessonId,
    aus: course.aus.map((au) => ({ index: au.index, title: au.title, launch_method: au.launch_method })),
    contentOrigin: contentOrigin(tenantOrganization(ctx).subdomain, env.CONTENT_DOMAIN, appOrigin),
  };
}
