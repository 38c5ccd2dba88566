import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Cmi5Structure } from "@/lib/cmi5/course-structure";
import { auSatisfied, type AuStates } from "@/lib/cmi5/move-on";
import { isId } from "@/lib/schemas/id";
import type { Cmi5WaiveInput } from "@/lib/schemas/cmi5";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { abandonSession, lockRegistration } from "@/lib/server/cmi5/launch";
import { waivedStatement, writeLmsStatements } from "@/lib/server/cmi5/lms-statements";
import { lmsLrsContext } from "@/lib/server/xapi/lms-writer";
import { registrationSelect, settleRegistration } from "@/lib/server/cmi5/registration";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { tenantOrigin } from "@/lib/tenancy/host";

// What a course's editors do to a registration from outside the AU (cmi5 9.3.6 and 9.3.7): waive an AU
// that is not satisfied yet (Waived, then Satisfied for what that completes), and abandon a session that
// is still open (Abandoned; its credential stops working).

const registrationNotFound = () => new AppError("NOT_FOUND", "cmi5 registration not found");

async function editableRegistration(ctx: TenantContext, registrationId: string) {
  const organizationId = tenantId(ctx);
  if (!isId(registrationId)) throw registrationNotFound();
  const registration = await db().cmi5Registration.findFirst({
    where: { organizationId, id: registrationId },
    select: { id: true, course: { select: { lesson: { select: { courseId: true } } } } },
  });
  if (!registration) throw registrationNotFound();
  await requireCourseEditor(ctx, registration.course.lesson.courseId);
  return { organizationId, courseId: registration.course.lesson.courseId };
}

const originOf = (ctx: TenantContext, appOrigin: string) =>
  tenantOrigin(tenantOrganization(ctx).subdomain, env.APP_DOMAIN, appOrigin);

/** POST /api/cmi5/registrations/{id}/waive */
export async function waiveCmi5Au(
  ctx: TenantContext,
  registrationId: string,
  input: Cmi5WaiveInput,
  appOrigin: string,
): Promise<{ registration: string; au_index: number; session_id: string }> {
  const { organizationId } = await editableRegistration(ctx, registrationId);
  const sessionId = randomUUID();
  const statements = await db().$transaction(async (tx) => {
    await lockRegistration(tx, organizationId, registrationId);
    const registration = await tx.cmi5Registration.findFirstOrThrow({
      where: { organizationId, id: registrationId },
      select: { ...registrationSelect, course: { select: { structure: true } } },
    });
    const structure = registration.course.structure as unknown as Cmi5Structure;
    const au = structure.aus[input.au_index];
    if (!au) throw new AppError("NOT_FOUND", `The course has no AU at index ${input.au_index}`);
    const states = structuredClone((registration.auStates ?? {}) as AuStates);
    if (states[au.index]?.waived) throw new AppError("CONFLICT", "This AU is waived already in this registration");
    if (auSatisfied(au, states[au.index]))
      throw new AppError("CONFLICT", "This AU is satisfied already in this registration: there is nothing to waive");
    states[au.index] = { ...states[au.index], waived: true };
    const waived = waivedStatement(
      {
        courseId: registration.courseId,
        registration: registration.id,
        sessionId,
        actor: registration.actor as Record<string, unknown>,
      },
      au,
      input.reason,
    );
    const satisfied = await settleRegistration(tx, registration, structure, states, sessionId);
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "cmi5.au.waive",
        entityType: "cmi5_registration",
        entityId: registrationId,
        data: { auIndex: au.index, reason: input.reason },
      },
      tx,
    );
    return [waived, ...satisfied];
  });
  await writeLmsStatements(lmsLrsContext(organizationId, originOf(ctx, appOrigin)), statements);
  return { registration: registrationId, au_index: input.au_index, session_id: sessionId };
}

/** POST /api/cmi5/sessions/{id}/abandon */
export async function abandonCmi5Session(
  ctx: TenantContext,
  sessionId: string,
  appOrigin: string,
): Promise<{ session_id: string; abandoned: boolean }> {
  const organizationId = tenantId(ctx);
  if (!isId(sessionId)) throw new AppError("NOT_FOUND", "cmi5 session not found");
  const session = await db().cmi5Session.findFirst({
    where: { organizationId, id: sessionId },
    select: { registrationId: true },
  });
  if (!session) throw new AppError("NOT_FOUND", "cmi5 session not found");
  await editableRegistration(ctx, session.registrationId);
  const statements = await abandonSession(organizationId, session.registrationId, sessionId);
  await writeLmsStatements(lmsLrsContext(organizationId, originOf(ctx, appOrigin)), statements);
  return { session_id: sessionId, abandoned: statements.length > 0 };
}
