import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { requireContentViewer } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { cmi5CourseJson, type Cmi5CourseJson } from "@/lib/server/cmi5/json";
import { env } from "@/lib/env";
import { contentOrigin } from "@/lib/tenancy/host";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import type { AuState, AuStates } from "@/lib/cmi5/move-on";

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

/** Where the learner stands with an AU, in their latest registration of the course's current version. */
export type Cmi5AuStatus = "not_started" | "in_progress" | "completed" | "passed" | "failed" | "waived";

export interface Cmi5PlayerData {
  courseId: string;
  lessonId: string;
  aus: { index: number; title: string; launch_method: string; status: Cmi5AuStatus }[];
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
  const registration = await db().cmi5Registration.findFirst({
    where: { organizationId: tenantId(ctx), courseId: course.id, userId: ctx.userId },
    orderBy: { createdAt: "desc" },
    select: { auStates: true, sessions: { select: { auIndex: true }, distinct: ["auIndex"] } },
  });
  const states = (registration?.auStates ?? {}) as AuStates;
  const launched = new Set(registration?.sessions.map((s) => s.auIndex));
  return {
    courseId,
    lessonId,
    aus: course.aus.map((au) => ({
      index: au.index,
      title: au.title,
      launch_method: au.launch_method,
      status: auStatus(states[au.index], launched.has(au.index)),
    })),
    contentOrigin: contentOrigin(tenantOrganization(ctx).subdomain, env.CONTENT_DOMAIN, appOrigin),
  };
}

function auStatus(state: AuState | undefined, launched: boolean): Cmi5AuStatus {
  if (state?.waived) return "waived";
  if (state?.passed) return "passed";
  if (state?.failed) return "failed";
  if (state?.completed) return "completed";
  return launched ? "in_progress" : "not_started";
}
