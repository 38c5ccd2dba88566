import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, queryRows } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Cmi5Au, Cmi5Structure } from "@/lib/cmi5/course-structure";
import type { AuStates } from "@/lib/cmi5/move-on";
import { cmi5ActivityIds, CMI5_EXTENSIONS, LAUNCH_DATA_STATE_ID, type LaunchMode } from "@/lib/cmi5/vocabulary";
import type { Cmi5LaunchInput } from "@/lib/schemas/cmi5";
import { loadCourseAccess, canViewContent, NO_MODULE_ACCESS_MESSAGE } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { mintContentToken } from "@/lib/server/scorm/content-token";
import {
  abandonedStatement,
  launchedStatement,
  writeLmsStatements,
  type StatementSession,
} from "@/lib/server/cmi5/lms-statements";
import { lmsLrsContext } from "@/lib/server/xapi/lms-writer";
import { registrationSelect, settleRegistration } from "@/lib/server/cmi5/registration";
import { CMI5_PATHS } from "@/lib/server/cmi5/paths";
import { agentKey } from "@/lib/xapi/agents";
import { contentOrigin, tenantOrigin } from "@/lib/tenancy/host";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";

// Launching an AU (cmi5 sections 8 and 10): the registration (found or made; moveOn evaluated when made),
// sessions left open abandoned, a new session with its one-time fetch token, the LMS.LaunchData state
// document, the Launched statement, and the launch URL with endpoint, fetch, actor, registration and
// activityId. An AU in a zip plays from the organization's content host with a capability token, as
// SCORM does; one at an absolute URL plays there.

type Obj = Record<string, unknown>;
type Tx = Prisma.TransactionClient;

export interface Cmi5Launch {
  launch_url: string;
  launch_method: "AnyWindow" | "OwnWindow";
  launch_mode: LaunchMode;
  session_id: string;
  registration: string;
  au_index: number;
  au_title: string;
  return_url: string;
}

export const hashFetchToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The AU's URL before the launch parameters: absolute, or the package's file on the content host. */
function auBaseUrl(
  au: Cmi5Au,
  subdomain: string,
  appOrigin: string,
  grant: { organizationId: string; courseId: string; userId: string },
): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(au.url)) return au.url;
  const token = mintContentToken({
    organizationId: grant.organizationId,
    packageId: grant.courseId,
    userId: grant.userId,
    attemptId: null,
  });
  return `${contentOrigin(subdomain, env.CONTENT_DOMAIN, appOrigin)}${CMI5_PATHS.files}${token}/${au.url}`;
}

export function launchData(au: Cmi5Au, sessionId: string, launchMode: LaunchMode, returnUrl: string): Obj {
  return {
    contextTemplate: {
      contextActivities: { grouping: [{ id: au.id }] },
      extensions: { [CMI5_EXTENSIONS.sessionId]: sessionId },
    },
    launchMode,
    launchMethod: au.launchMethod,
    returnURL: returnUrl,
    moveOn: au.moveOn,
    ...(au.masteryScore !== null ? { masteryScore: au.masteryScore } : {}),
    ...(au.launchParameters !== null ? { launchParameters: au.launchParameters } : {}),
    ...(au.entitlementKey !== null ? { entitlementKey: { courseStructure: au.entitlementKey } } : {}),
  };
}

async function writeLaunchData(
  tx: Tx,
  organizationId: string,
  key: { activityId: string; agentKey: string; registration: string },
  document: Obj,
): Promise<void> {
  const content = Buffer.from(JSON.stringify(document));
  const etag = `"${createHash("sha1").update(content).digest("hex")}"`;
  const data = { contentType: "application/json", content, etag, updated: new Date() };
  await tx.xapiDocument.upsert({
    where: {
      organizationId_kind_activityId_agentKey_registration_documentId: {
        organizationId,
        kind: "state",
        ...key,
        documentId: LAUNCH_DATA_STATE_ID,
      },
    },
    create: { organizationId, kind: "state", ...key, documentId: LAUNCH_DATA_STATE_ID, ...data },
    update: data,
  });
}

/** Ends the registration's open sessions as Abandoned (cmi5 9.3.6); the statements to write after commit. */
export async function abandonOpenSessions(
  tx: Tx,
  organizationId: string,
  registration: { id: string; courseId: string; actor: unknown },
  structure: Cmi5Structure,
  only?: string,
): Promise<Obj[]> {
  const open = await tx.cmi5Session.findMany({
    where: {
      organizationId,
      registrationId: registration.id,
      terminatedAt: null,
      abandonedAt: null,
      ...(only ? { id: only } : {}),
    },
    select: { id: true, auIndex: true, launchedAt: true, lastStatementAt: true },
    orderBy: { launchedAt: "asc" },
  });
  const now = new Date();
  const statements: Obj[] = [];
  for (const session of open) {
    const claimed = await tx.cmi5Session.updateMany({
      where: { organizationId, id: session.id, terminatedAt: null, abandonedAt: null },
      data: { abandonedAt: now },
    });
    if (claimed.count === 0) continue;
    const last = session.lastStatementAt ?? session.launchedAt;
    const ctx: StatementSession = {
      courseId: registration.courseId,
      registration: registration.id,
      sessionId: session.id,
      actor: registration.actor as Obj,
    };
    statements.push(
      abandonedStatement(ctx, structure.aus[session.auIndex]!, last.getTime() - session.launchedAt.getTime()),
    );
  }
  return statements;
}

export const lockRegistration = (tx: Tx, organizationId: string, id: string) =>
  queryRows(
    Prisma.sql`SELECT id FROM "Cmi5Registration" WHERE "organizationId" = ${organizationId}::uuid AND id = ${id}::uuid FOR UPDATE`,
    tx,
  );

/**
 * Abandons one session if it is still open, under its registration's lock: the Abandoned statement to
 * write once the transaction commits, or none when it had already ended.
 */
export function abandonSession(organizationId: string, registrationId: string, sessionId: string): Promise<Obj[]> {
  return db().$transaction(async (tx) => {
    await lockRegistration(tx, organizationId, registrationId);
    const registration = await tx.cmi5Registration.findFirstOrThrow({
      where: { organizationId, id: registrationId },
      select: { id: true, courseId: true, actor: true, course: { select: { structure: true } } },
    });
    return abandonOpenSessions(
      tx,
      organizationId,
      registration,
      registration.course.structure as unknown as Cmi5Structure,
      sessionId,
    );
  });
}

/** POST …/lessons/{lessonId}/cmi5/launch. `appOrigin`: the caller's page origin (scheme and port carry over). */
export async function launchCmi5Au(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  input: Cmi5LaunchInput,
  appOrigin: string,
): Promise<Cmi5Launch> {
  const access = await loadCourseAccess(ctx, courseId);
  const onBehalf =
    input.actor !== undefined || input.registration !== undefined || (input.launch_mode ?? "Normal") !== "Normal";
  if (onBehalf && !access.canEdit)
    throw new AppError(
      "FORBIDDEN",
      "Only the course's editors launch for another actor, a given registration or another mode",
    );
  if (!canViewContent(access)) throw new AppError("FORBIDDEN", NO_MODULE_ACCESS_MESSAGE);
  const { organizationId } = access;
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (lesson.kind !== "cmi5") throw new AppError("NOT_FOUND", "This lesson has no cmi5 course");
  const { subdomain } = tenantOrganization(ctx);
  const origin = tenantOrigin(subdomain, env.APP_DOMAIN, appOrigin);
  const actor: Obj = input.actor ?? (await learnerActor(ctx.userId, origin));
  const actorKey = agentKey(actor)!;
  const launchMode: LaunchMode = input.launch_mode ?? "Normal";
  const returnUrl = input.return_url ?? `${origin}/courses/${courseId}/modules/${lesson.moduleId}/lessons/${lessonId}`;

  const existing = input.registration
    ? await db().cmi5Registration.findFirst({
        where: { organizationId, id: input.registration },
        select: { courseId: true, actorKey: true, course: { select: { lessonId: true } } },
      })
    : null;
  if (existing && (existing.course.lessonId !== lessonId || existing.actorKey !== actorKey))
    throw new AppError("CONFLICT", "This registration belongs to another lesson or another actor");
  // Registration ids are global: one of another organization is not this organization's to continue.
  if (input.registration && !existing && (await db().cmi5Registration.count({ where: { id: input.registration } })))
    throw new AppError("NOT_FOUND", "cmi5 registration not found");
  const course = await db().cmi5Course.findFirst({
    where: existing ? { organizationId, id: existing.courseId } : { organizationId, lessonId },
    orderBy: { version: "desc" },
    select: { id: true, structure: true },
  });
  if (!course) throw new AppError("NOT_FOUND", "No cmi5 course has been imported into this lesson yet");
  const structure = course.structure as unknown as Cmi5Structure;
  const au = structure.aus[input.au_index];
  if (!au) throw new AppError("NOT_FOUND", `The course has no AU at index ${input.au_index}`);

  const sessionId = randomUUID();
  const fetchToken = randomBytes(32).toString("base64url");
  const activityId = cmi5ActivityIds(course.id).au(au.index);
  const baseUrl = auBaseUrl(au, subdomain, appOrigin, { organizationId, courseId: course.id, userId: ctx.userId });

  const { registrationId, before } = await db().$transaction(async (tx) => {
    let registration = await findRegistration(tx, organizationId, course.id, actorKey, input, onBehalf);
    let made: Obj[] = [];
    if (!registration) {
      registration = await tx.cmi5Registration.create({
        data: {
          id: input.registration ?? randomUUID(),
          organizationId,
          courseId: course.id,
          userId: input.actor ? null : ctx.userId,
          actor: actor as Prisma.InputJsonValue,
          actorKey,
        },
        select: registrationSelect,
      });
      // moveOn is evaluated when the registration is made (cmi5 9.6.1.1-3): NotApplicable AUs are satisfied now.
      made = await settleRegistration(tx, registration, structure, {} as AuStates, sessionId);
    } else {
      await lockRegistration(tx, organizationId, registration.id);
    }
    const abandoned = await abandonOpenSessions(tx, organizationId, registration, structure);
    await tx.cmi5Session.create({
      data: {
        id: sessionId,
        organizationId,
        registrationId: registration.id,
        auIndex: au.index,
        launchMode,
        fetchTokenHash: hashFetchToken(fetchToken),
      },
    });
    await writeLaunchData(
      tx,
      organizationId,
      { activityId, agentKey: actorKey, registration: registration.id },
      launchData(au, sessionId, launchMode, returnUrl),
    );
    return { registrationId: registration.id, before: [...abandoned, ...made] };
  });

  const launched = launchedStatement({ courseId: course.id, registration: registrationId, sessionId, actor }, au, {
    launchMode,
    launchUrl: baseUrl,
  });
  await writeLmsStatements(lmsLrsContext(organizationId, origin), [...before, launched]);

  const url = new URL(baseUrl);
  url.searchParams.set("endpoint", `${origin}/xapi`);
  url.searchParams.set("fetch", `${origin}${CMI5_PATHS.fetch}${fetchToken}`);
  url.searchParams.set("actor", JSON.stringify(actor));
  url.searchParams.set("registration", registrationId);
  url.searchParams.set("activityId", activityId);
  return {
    launch_url: url.toString(),
    launch_method: au.launchMethod,
    launch_mode: launchMode,
    session_id: sessionId,
    registration: registrationId,
    au_index: au.index,
    au_title: au.title,
    return_url: returnUrl,
  };
}

async function learnerActor(userId: string, origin: string): Promise<Obj> {
  const user = await db().user.findFirstOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
  return {
    objectType: "Agent",
    name: `${user.firstName} ${user.lastName}`.trim(),
    account: { homePage: origin, name: userId },
  };
}

/** The given registration, else (a learner's own launch) their latest in this course version. */
async function findRegistration(
  tx: Tx,
  organizationId: string,
  courseId: string,
  actorKey: string,
  input: Cmi5LaunchInput,
  onBehalf: boolean,
) {
  if (input.registration)
    return tx.cmi5Registration.findFirst({
      where: { organizationId, id: input.registration },
      select: registrationSelect,
    });
  if (onBehalf) return null;
  return tx.cmi5Registration.findFirst({
    where: { organizationId, courseId, actorKey },
    orderBy: { createdAt: "desc" },
    select: registrationSelect,
  });
}
