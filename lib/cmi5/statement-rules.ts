import type { AuState } from "@/lib/cmi5/move-on";
import {
  CMI5_CATEGORY,
  CMI5_EXTENSIONS,
  MOVEON_CATEGORY,
  verbName,
  type Cmi5Verb,
  type LaunchMode,
} from "@/lib/cmi5/vocabulary";
import { agentKey } from "@/lib/xapi/agents";
import { VOIDED_VERB } from "@/lib/xapi/validate";

// What an AU may send in its session (cmi5 2nd edition, sections 9.1 to 9.7), checked statement by
// statement against the session as the LMS knows it. Pure: the session in, the verb it sets (or a
// refusal naming the rule) out. The LRS answers a refusal with 403, as the spec's tests expect.

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export class Cmi5Refused extends Error {
  constructor(
    readonly requirement: string,
    message: string,
  ) {
    super(`${message} (cmi5 ${requirement})`);
  }
}

export interface SessionView {
  sessionId: string;
  registration: string;
  /** The LMS's activity id of the AU (the launch's activityId). */
  activityId: string;
  /** The AU's id in the course structure, which the context template puts in grouping. */
  publisherId: string;
  actorKey: string;
  launchMode: LaunchMode;
  masteryScore: number | null;
  initialized: boolean;
  /** The AU asked for the learner preferences document (cmi5 11.0.0.0-3: before Initialized). */
  preferencesRead: boolean;
  /** Passed or Failed was sent in this session. */
  judged: boolean;
  /** The AU's state over the whole registration. */
  au: AuState;
}

/** The cmi5 defined verbs an AU sends (the LMS sends the others). */
const AU_VERBS: ReadonlySet<Cmi5Verb> = new Set(["initialized", "completed", "passed", "failed", "terminated"]);

const categoryIds = (context: Obj): string[] => {
  const activities = isObject(context.contextActivities) ? context.contextActivities : {};
  const list = activities.category;
  return (Array.isArray(list) ? list : list ? [list] : []).map((a) => (isObject(a) ? String(a.id) : ""));
};
const groupingIds = (context: Obj): string[] => {
  const activities = isObject(context.contextActivities) ? context.contextActivities : {};
  const list = activities.grouping;
  return (Array.isArray(list) ? list : list ? [list] : []).map((a) => (isObject(a) ? String(a.id) : ""));
};

const refuse = (requirement: string, message: string): never => {
  throw new Cmi5Refused(requirement, message);
};

/** A cmi5 statement's UTC timestamp (9.7): "Z" or a zero offset. */
const isUtc = (timestamp: unknown) => typeof timestamp === "string" && /(?:Z|[+-]00:?00)$/i.test(timestamp);

/**
 * Checks one statement of the AU's session (already valid xAPI). Returns the cmi5 defined verb it
 * carries (null for a cmi5 allowed statement) or throws Cmi5Refused.
 */
export function checkSessionStatement(session: SessionView, statement: Obj): Cmi5Verb | null {
  if (typeof statement.id !== "string") refuse("9.1.0.0-1", "Every statement of a cmi5 session needs an id");
  if (statement.timestamp === undefined) refuse("9.7.0.0-1", "Every statement of a cmi5 session needs a timestamp");
  if (!isUtc(statement.timestamp)) refuse("9.7.0.0-2", "A cmi5 statement's timestamp must be in UTC");
  const actor = statement.actor as Obj;
  if (actor.objectType !== undefined && actor.objectType !== "Agent")
    refuse("9.2.0.0-2", "A cmi5 statement's actor must be an Agent");
  if (!isObject(actor.account)) refuse("9.2.0.0-3", "A cmi5 statement's actor must be identified by an account");
  if (agentKey(actor) !== session.actorKey) refuse("9.2.0.0-1", "The statement's actor is not the session's learner");
  const verbId = String((statement.verb as Obj).id);
  if (verbId === VOIDED_VERB) refuse("6.3.0.0-1", "An AU may not void statements");
  const verb = verbName(verbId);
  if (!session.initialized && verb !== "initialized")
    refuse("9.3.0.0-4", "The session's first statement must be Initialized");
  if (!isObject(statement.context)) refuse("9.6.0.0-1", "A cmi5 statement needs a context");
  const context = statement.context as Obj;
  if (context.registration !== session.registration)
    refuse("9.6.1.0-1", "The statement's registration is not the session's");
  const extensions = isObject(context.extensions) ? context.extensions : {};
  if (extensions[CMI5_EXTENSIONS.sessionId] !== session.sessionId)
    refuse("9.6.3.1-4", "The statement must carry the session id in its context extensions");
  const categories = categoryIds(context);
  const result = isObject(statement.result) ? statement.result : {};
  const score = isObject(result.score) ? result.score : null;
  if (score && score.raw !== undefined && (score.min === undefined || score.max === undefined))
    refuse("9.5.1.0-3", "A raw score needs its min and max");
  const defined = verb !== null && AU_VERBS.has(verb) && categories.includes(CMI5_CATEGORY);
  const hasMoveOn = categories.includes(MOVEON_CATEGORY);
  if (!defined) {
    if (hasMoveOn)
      refuse("9.6.2.2-2", "Only cmi5 defined statements with a success or completion carry the moveOn category");
    if (verb !== null && verb !== "initialized" && !AU_VERBS.has(verb))
      refuse("9.3.0.0-1", "Only the LMS sends this cmi5 verb");
    return null;
  }
  if (statement.object === undefined || !isObject(statement.object) || statement.object.id !== session.activityId)
    refuse("8.1.5.0-6", "A cmi5 defined statement's object must be the AU's activity id from the launch");
  if (!groupingIds(context).includes(session.publisherId))
    refuse("9.6.2.0-1", "A cmi5 defined statement must keep the context template's grouping activity");
  const judged = verb === "passed" || verb === "failed";
  if (score && !judged) refuse("9.5.1.0-2", "Only Passed and Failed statements carry a score");
  if (result.success !== undefined && !judged) refuse("9.5.2.0-3", "Only Passed and Failed statements carry success");
  if (result.completion !== undefined && verb !== "completed")
    refuse("9.5.3.0-2", "Only Completed statements carry completion");
  if ((judged || verb === "completed") && !hasMoveOn)
    refuse("9.6.2.2-1", "Completed, Passed and Failed statements carry the moveOn category");
  if (!(judged || verb === "completed") && hasMoveOn)
    refuse("9.6.2.2-2", "Only Completed, Passed and Failed statements carry the moveOn category");
  if (verb !== "initialized" && typeof result.duration !== "string")
    refuse("9.5.4.1-1", `A ${verb} statement needs result.duration`);
  if ((judged || verb === "completed") && session.launchMode !== "Normal")
    refuse("10.2.2.0-1", `In ${session.launchMode} mode an AU may not send ${verb}`);
  const scaled = typeof score?.scaled === "number" ? score.scaled : null;
  switch (verb) {
    case "initialized":
      if (session.initialized) refuse("9.3.2.0-3", "The session is initialized already");
      if (!session.preferencesRead)
        refuse("11.0.0.0-3", "The AU retrieves the learner preferences (cmi5LearnerPreferences) before Initialized");
      break;
    case "completed":
      if (result.completion !== true) refuse("9.5.3.0-1", "A Completed statement sets result.completion to true");
      if (session.au.completed) refuse("9.3.0.0-6", "The AU is completed already in this registration");
      break;
    case "passed":
    case "failed": {
      if (verb === "passed" && result.success !== true)
        refuse("9.5.2.0-1", "A Passed statement sets result.success to true");
      if (verb === "failed" && result.success !== false)
        refuse("9.5.2.0-2", "A Failed statement sets result.success to false");
      if (session.judged) refuse("9.3.0.0-3", "Passed or Failed was sent already in this session");
      if (session.au.passed)
        refuse(verb === "passed" ? "9.3.0.0-7" : "9.3.0.0-8", "The AU is passed already in this registration");
      if (session.masteryScore !== null && score) {
        if (extensions[CMI5_EXTENSIONS.masteryScore] !== session.masteryScore)
          refuse("9.6.3.2-2", "A scored Passed or Failed statement carries the launch's masteryScore");
        if (scaled !== null && verb === "passed" && scaled < session.masteryScore)
          refuse("9.3.4.0-2", "The scaled score is below the mastery score");
        if (scaled !== null && verb === "failed" && scaled >= session.masteryScore)
          refuse("9.3.5.0-2", "The scaled score reaches the mastery score");
      }
      break;
    }
    case "terminated":
      break;
  }
  return verb;
}
