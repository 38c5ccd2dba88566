import "server-only";
import { randomUUID } from "node:crypto";
import type { Cmi5Au, Cmi5Structure } from "@/lib/cmi5/course-structure";
import type { Satisfiable } from "@/lib/cmi5/move-on";
import {
  ACTIVITY_TYPES,
  CMI5_CATEGORY,
  CMI5_EXTENSIONS,
  CMI5_VERBS,
  cmi5ActivityIds,
  MOVEON_CATEGORY,
  REASON_EXTENSION,
  type Cmi5Verb,
} from "@/lib/cmi5/vocabulary";
import { insertLmsStatements } from "@/lib/server/xapi/lms-writer";
import type { LrsContext } from "@/lib/server/xapi/lrs-context";

// The statements the LMS itself writes into the organization's LRS (cmi5 9.3: Launched, Abandoned, Waived,
// Satisfied), with the context every cmi5 defined statement carries: the registration, the cmi5 category,
// the session id, and the AU's (or block's, course's) publisher id in grouping.

type Obj = Record<string, unknown>;

const display = (verb: Cmi5Verb) => ({ "en-US": verb.charAt(0).toUpperCase() + verb.slice(1) });

export interface StatementSession {
  courseId: string;
  registration: string;
  sessionId: string;
  actor: Obj;
}

function context(session: StatementSession, grouping: string, moveOn: boolean, extensions: Obj = {}): Obj {
  return {
    registration: session.registration,
    contextActivities: {
      category: [{ id: CMI5_CATEGORY }, ...(moveOn ? [{ id: MOVEON_CATEGORY }] : [])],
      grouping: [{ id: grouping }],
    },
    extensions: { [CMI5_EXTENSIONS.sessionId]: session.sessionId, ...extensions },
  };
}

function auObject(session: StatementSession, au: Cmi5Au): Obj {
  return {
    objectType: "Activity",
    id: cmi5ActivityIds(session.courseId).au(au.index),
    definition: {
      name: { "en-US": au.title },
      ...(au.activityType ? { type: au.activityType } : {}),
    },
  };
}

function statement(session: StatementSession, verb: Cmi5Verb, object: Obj, ctx: Obj, result?: Obj): Obj {
  return {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    actor: session.actor,
    verb: { id: CMI5_VERBS[verb], display: display(verb) },
    object,
    ...(result ? { result } : {}),
    context: ctx,
  };
}

export interface LaunchedDetails {
  launchMode: string;
  launchUrl: string;
}

export function launchedStatement(session: StatementSession, au: Cmi5Au, details: LaunchedDetails): Obj {
  return statement(
    session,
    "launched",
    auObject(session, au),
    context(session, au.id, false, {
      [CMI5_EXTENSIONS.launchMode]: details.launchMode,
      [CMI5_EXTENSIONS.launchUrl]: details.launchUrl,
      [CMI5_EXTENSIONS.moveOn]: au.moveOn,
      ...(au.masteryScore !== null ? { [CMI5_EXTENSIONS.masteryScore]: au.masteryScore } : {}),
      ...(au.launchParameters !== null ? { [CMI5_EXTENSIONS.launchParameters]: au.launchParameters } : {}),
    }),
  );
}

/** ISO 8601 duration of a span in milliseconds, to the hundredth of a second. */
export function isoDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 10) / 100);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = Math.round((seconds % 60) * 100) / 100;
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${rest}S`;
}

export function abandonedStatement(session: StatementSession, au: Cmi5Au, durationMs: number): Obj {
  return statement(session, "abandoned", auObject(session, au), context(session, au.id, false), {
    duration: isoDuration(durationMs),
  });
}

export function waivedStatement(session: StatementSession, au: Cmi5Au, reason: string): Obj {
  return statement(session, "waived", auObject(session, au), context(session, au.id, true), {
    success: true,
    completion: true,
    extensions: { [REASON_EXTENSION]: reason },
  });
}

export function satisfiedStatement(session: StatementSession, structure: Cmi5Structure, what: Satisfiable): Obj {
  const ids = cmi5ActivityIds(session.courseId);
  const object =
    what.kind === "block"
      ? {
          objectType: "Activity",
          id: ids.block(what.index),
          definition: { type: ACTIVITY_TYPES.block, name: { "en-US": structure.blocks[what.index]!.title } },
        }
      : {
          objectType: "Activity",
          id: ids.course,
          definition: { type: ACTIVITY_TYPES.course, name: { "en-US": structure.course.title } },
        };
  return statement(session, "satisfied", object, context(session, what.publisherId, false));
}

/** Writes the LMS's statements, in order (each `stored` after the one before). */
export async function writeLmsStatements(lrs: LrsContext, statements: Obj[]): Promise<void> {
  for (const one of statements) await insertLmsStatements(lrs, [one]);
}
