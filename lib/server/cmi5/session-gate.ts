import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, queryRows } from "@/lib/db";
import type { Cmi5Structure } from "@/lib/cmi5/course-structure";
import type { AuStates } from "@/lib/cmi5/move-on";
import { checkSessionStatement, Cmi5Refused, type SessionView } from "@/lib/cmi5/statement-rules";
import {
  cmi5ActivityIds,
  LAUNCH_DATA_STATE_ID,
  LEARNER_PREFERENCES_PROFILE_ID,
  type LaunchMode,
} from "@/lib/cmi5/vocabulary";
import { XapiError } from "@/lib/server/xapi/errors";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";
import { writeLmsStatements } from "@/lib/server/cmi5/lms-statements";
import { lmsLrsContext } from "@/lib/server/xapi/lms-writer";
import { registrationSelect, settleRegistration } from "@/lib/server/cmi5/registration";
import type { DocumentKey } from "@/lib/server/xapi/documents";

// The LRS's side of a cmi5 session (cmi5 sections 8.2, 9, 10 and 11): a session's credential writes and
// reads for its own learner and registration only; its statements pass the rules of
// lib/cmi5/statement-rules.ts (a refusal is a 403), and what they change (initialized, completed,
// passed, failed, terminated) is recorded before they are stored, under the registration's row lock, so
// two requests of one registration are judged one after the other.

type Obj = Record<string, unknown>;

export interface Cmi5SessionGrant {
  sessionId: string;
  registrationId: string;
  actorKey: string;
}

const forbidden = (message: string) => new XapiError(403, message);

/** Runs before a session's batch is stored; returns what to do once it is (the Satisfied statements). */
export async function admitSessionStatements(
  lrs: LrsContext,
  grant: Cmi5SessionGrant,
  statements: Obj[],
): Promise<() => Promise<void>> {
  const { organizationId } = lrs;
  const satisfied = await db().$transaction(async (tx) => {
    await queryRows(
      Prisma.sql`SELECT id FROM "Cmi5Registration" WHERE "organizationId" = ${organizationId}::uuid AND id = ${grant.registrationId}::uuid FOR UPDATE`,
      tx,
    );
    const session = await tx.cmi5Session.findFirstOrThrow({
      where: { organizationId, id: grant.sessionId },
      select: {
        auIndex: true,
        launchMode: true,
        initializedAt: true,
        preferencesReadAt: true,
        passedAt: true,
        failedAt: true,
        terminatedAt: true,
        abandonedAt: true,
        registration: { select: { ...registrationSelect, actorKey: true, course: { select: { structure: true } } } },
      },
    });
    if (session.terminatedAt || session.abandonedAt) throw new XapiError(401, "This cmi5 session has ended");
    const registration = session.registration;
    const structure = registration.course.structure as unknown as Cmi5Structure;
    const au = structure.aus[session.auIndex]!;
    const states = structuredClone((registration.auStates ?? {}) as AuStates);
    const state = (states[session.auIndex] ??= {});
    const view: SessionView = {
      sessionId: grant.sessionId,
      registration: registration.id,
      activityId: cmi5ActivityIds(registration.courseId).au(session.auIndex),
      publisherId: au.id,
      actorKey: registration.actorKey,
      launchMode: session.launchMode as LaunchMode,
      masteryScore: au.masteryScore,
      initialized: session.initializedAt !== null,
      preferencesRead: session.preferencesReadAt !== null,
      judged: session.passedAt !== null || session.failedAt !== null,
      au: state,
    };
    const now = new Date();
    const changes: Prisma.Cmi5SessionUpdateManyMutationInput = { lastStatementAt: now };
    let judgedChange = false;
    for (const [i, statement] of statements.entries()) {
      let verb;
      try {
        verb = checkSessionStatement(view, statement);
      } catch (error) {
        if (error instanceof Cmi5Refused)
          throw forbidden(statements.length > 1 ? `[${i}] ${error.message}` : error.message);
        throw error;
      }
      const score = ((statement.result as Obj | undefined)?.score as Obj | undefined)?.scaled;
      if (verb === "initialized") {
        view.initialized = true;
        changes.initializedAt = now;
      } else if (verb === "completed") {
        state.completed = true;
        changes.completedAt = now;
        judgedChange = true;
      } else if (verb === "passed" || verb === "failed") {
        state[verb] = true;
        if (typeof score === "number") state.score = score;
        view.judged = true;
        changes[verb === "passed" ? "passedAt" : "failedAt"] = now;
        judgedChange = true;
      } else if (verb === "terminated") {
        changes.terminatedAt = now;
      }
    }
    await tx.cmi5Session.updateMany({ where: { organizationId, id: grant.sessionId }, data: changes });
    if (!judgedChange) return [];
    return settleRegistration(tx, registration, structure, states, grant.sessionId);
  });
  return async () => {
    if (satisfied.length) await writeLmsStatements(lmsLrsContext(organizationId, lrs.origin), satisfied);
  };
}

/** Notes that the AU asked for the learner preferences: Initialized may come now (cmi5 11.0.0.0-3). */
export async function noteSessionDocumentRead(
  lrs: LrsContext,
  grant: Cmi5SessionGrant,
  kind: DocumentKey["kind"],
  documentId: string | null,
): Promise<void> {
  if (kind !== "agentProfile" || documentId !== LEARNER_PREFERENCES_PROFILE_ID) return;
  await db().cmi5Session.updateMany({
    where: { organizationId: lrs.organizationId, id: grant.sessionId, preferencesReadAt: null },
    data: { preferencesReadAt: new Date() },
  });
}

/** The documents a session may touch: its own learner's; LMS.LaunchData only to read. */
export function checkSessionDocument(
  grant: Cmi5SessionGrant,
  key: DocumentKey,
  documentId: string | null,
  reading: boolean,
): void {
  if (key.kind === "activityProfile") return;
  if (key.agentKey !== grant.actorKey)
    throw forbidden("A cmi5 session reaches its own learner's documents only (cmi5 11.0.0.0-1)");
  if (key.kind === "state" && !reading && (documentId === null || documentId === LAUNCH_DATA_STATE_ID))
    throw forbidden("LMS.LaunchData is written by the LMS; an AU only reads it (cmi5 10.2.1.0-5)");
}

const LANGUAGE_LIST = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*(?:,[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)*$/;

/** cmi5LearnerPreferences as an AU writes it (cmi5 11.0 and 11.1): a JSON object of two known members. */
export function checkLearnerPreferences(profileId: string | null, contentType: string | null, body: Buffer): void {
  if (profileId !== LEARNER_PREFERENCES_PROFILE_ID) return;
  if (!/^application\/json\b/i.test(contentType ?? ""))
    throw forbidden("cmi5LearnerPreferences is a JSON document (cmi5 11.0.0.0-5)");
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw forbidden("cmi5LearnerPreferences is a JSON document (cmi5 11.0.0.0-5)");
  }
  const prefs = value as Obj;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw forbidden("cmi5LearnerPreferences is a JSON object (cmi5 11.0.0.0-5)");
  if (typeof prefs.languagePreference !== "string" || typeof prefs.audioPreference !== "string")
    throw forbidden("cmi5LearnerPreferences holds languagePreference and audioPreference (cmi5 11.0.0.0-5)");
  if (!LANGUAGE_LIST.test(prefs.languagePreference))
    throw forbidden("languagePreference is a comma-separated list of language codes (cmi5 11.1.0.0-1)");
  if (!["on", "off"].includes(prefs.audioPreference)) throw forbidden("audioPreference is on or off (cmi5 11.0.0.0-5)");
}
