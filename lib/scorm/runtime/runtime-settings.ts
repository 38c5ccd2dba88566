import type { ScormCommit } from "@/lib/schemas/scorm";
import type { ManifestItem, ScormLaunch, ScormManifest, ScormVersion } from "@/lib/scorm/types";
import { resumePendingCmi } from "@/lib/scorm/resume";

// Pure helpers of the runtime bridge: what the player preloads into scorm-again before a SCO initializes,
// how a saved CMI is prepared for a revisit, and how a navigation request reads. No scorm-again, no DOM.

export type Cmi = Record<string, unknown>;

export function isScorm2004(version: ScormVersion): boolean {
  return version !== "scorm12";
}

export function findItem(manifest: ScormManifest, identifier: string): ManifestItem | null {
  const stack = [...manifest.organization.items];
  while (stack.length > 0) {
    const item = stack.shift() as ManifestItem;
    if (item.identifier === identifier) return item;
    stack.push(...item.children);
  }
  return null;
}

/** Whether the SCOs of a 2004 package share state the commits must carry (global objectives, adl.data, sequencing). */
export function sharesState(manifest: ScormManifest): boolean {
  if (!isScorm2004(manifest.version)) return false;
  if (manifest.sequencing || manifest.globalObjectiveIds.length > 0) return true;
  const stack = [...manifest.organization.items];
  while (stack.length > 0) {
    const item = stack.shift() as ManifestItem;
    if (item.sharedData.length > 0) return true;
    stack.push(...item.children);
  }
  return false;
}

function asRecord(value: unknown): Cmi {
  return value && typeof value === "object" && !Array.isArray(value) ? { ...(value as Cmi) } : {};
}

/**
 * The CMI to hand scorm-again's loadFromJSON before the SCO's Initialize: the saved state of the SCO
 * (already prepared for resume by the server or by prepareRevisitCmi) plus what the LMS owns: the learner,
 * mode and credit (never empty), launch data and, from the manifest, the mastery score (1.2) or the scaled
 * passing score, completion threshold and the item's objective ids (2004).
 */
export function buildPreloadCmi(launch: ScormLaunch, item: ManifestItem | null, saved: Cmi | undefined): Cmi {
  const isReview = launch.attempt?.mode === "review";
  const cmi = asRecord(saved);
  const hasSaved = Object.keys(cmi).length > 0;
  if (!isScorm2004(launch.version)) {
    const core = asRecord(cmi.core);
    Object.assign(core, {
      student_id: launch.learner.id,
      student_name: launch.learner.name,
      lesson_mode: isReview ? "review" : "normal",
      credit: isReview ? "no-credit" : "credit",
    });
    if (!hasSaved || !core.entry) core.entry = hasSaved ? "" : "ab-initio";
    cmi.core = core;
    if (item?.masteryScore !== null && item?.masteryScore !== undefined)
      cmi.student_data = { ...asRecord(cmi.student_data), mastery_score: String(item.masteryScore) };
    if (item?.dataFromLms) cmi.launch_data = item.dataFromLms;
    return cmi;
  }
  Object.assign(cmi, {
    learner_id: launch.learner.id,
    learner_name: launch.learner.name,
    mode: isReview ? "review" : "normal",
    credit: isReview ? "no-credit" : "credit",
  });
  if (!hasSaved || !cmi.entry) cmi.entry = hasSaved ? "" : "ab-initio";
  if (item?.dataFromLms) cmi.launch_data = item.dataFromLms;
  if (item?.scaledPassingScore !== null && item?.scaledPassingScore !== undefined)
    cmi.scaled_passing_score = String(item.scaledPassingScore);
  // The attempt's time limit (limitConditions attemptAbsoluteDurationLimit) and what the SCO should do at it.
  if (item?.maxTimeAllowed) cmi.max_time_allowed = item.maxTimeAllowed;
  if (item?.timeLimitAction) cmi.time_limit_action = item.timeLimitAction;
  const threshold = item?.completionThreshold?.minProgressMeasure;
  if (threshold !== null && threshold !== undefined) cmi.completion_threshold = String(threshold);
  const objectives = Array.isArray(cmi.objectives) ? (cmi.objectives as unknown[]).map(asRecord) : [];
  const known = new Set(objectives.map((objective) => objective.id));
  for (const objective of item?.objectives ?? []) {
    if (objective.id && !known.has(objective.id)) {
      objectives.push({ id: objective.id });
      known.add(objective.id);
    }
  }
  if (objectives.length > 0) cmi.objectives = objectives;
  else delete cmi.objectives;
  return cmi;
}

/**
 * A SCO visited again within the same page: its last committed CMI becomes the next session's start, as the
 * server does on a reload. Suspended → entry resume with everything kept; otherwise 1.2 keeps its data with
 * an empty entry, and 2004 starts a new attempt of the SCO (fresh data). session_time never carries over.
 */
export function prepareRevisitCmi(version: ScormVersion, cmi: Cmi | undefined): Cmi | undefined {
  if (!cmi) return undefined;
  const next = asRecord(cmi);
  if (!isScorm2004(version)) {
    const core = asRecord(next.core);
    const suspended = core.exit === "suspend";
    core.entry = suspended ? "resume" : "";
    delete core.session_time;
    delete core.exit;
    next.core = core;
    return next;
  }
  if (next.exit !== "suspend") return undefined;
  next.entry = "resume";
  delete next.session_time;
  delete next.exit;
  return next;
}

export type NavRequest =
  | { kind: "none" }
  | { kind: "continue" | "previous" | "exit" | "exitAll" | "suspendAll" | "abandon" | "abandonAll" }
  | { kind: "choice" | "jump"; target: string };

const TARGETED = /^\{target=([^}]+)\}(choice|jump)$/;

export function parseNavRequest(value: string | null | undefined): NavRequest {
  const text = (value ?? "").trim();
  const targeted = TARGETED.exec(text);
  if (targeted) return { kind: targeted[2] as "choice" | "jump", target: targeted[1] as string };
  switch (text) {
    case "continue":
    case "previous":
    case "exit":
    case "exitAll":
    case "suspendAll":
    case "abandon":
    case "abandonAll":
      return { kind: text };
    default:
      return { kind: "none" };
  }
}

/**
 * What the player does after a SCO terminated: the SCO to open next, the end of the session (`ended`: the
 * attempt is over, exitAll / abandonAll; else it is suspended, suspendAll), or stay.
 */
export type AfterTerminate = { kind: "open"; scoId: string } | { kind: "leave"; ended: boolean } | { kind: "stay" };

/** Whether the request ends the attempt (the next launch starts a new one) rather than suspending it. */
export function endsAttempt(request: NavRequest): boolean {
  return request.kind === "exitAll" || request.kind === "abandonAll";
}

/** `closed`: SCOs the sequencer will not deliver again (attempt limit used up): never opened but by its own delivery. */
export function decideAfterTerminate(
  request: NavRequest,
  scoIds: string[],
  currentId: string,
  deliveredId: string | null,
  closed: ReadonlySet<string> = new Set(),
): AfterTerminate {
  const next = decideTarget(request, scoIds, currentId, deliveredId);
  return next.kind === "open" && next.scoId !== deliveredId && closed.has(next.scoId) ? { kind: "stay" } : next;
}

function decideTarget(
  request: NavRequest,
  scoIds: string[],
  currentId: string,
  deliveredId: string | null,
): AfterTerminate {
  if (request.kind === "suspendAll" || endsAttempt(request)) return { kind: "leave", ended: endsAttempt(request) };
  // scorm-again's sequencer resolved the request (rules may skip or refuse activities): follow it.
  if (deliveredId && deliveredId !== currentId && scoIds.includes(deliveredId))
    return { kind: "open", scoId: deliveredId };
  const index = scoIds.indexOf(currentId);
  switch (request.kind) {
    case "continue": {
      const next = scoIds[index + 1];
      return next ? { kind: "open", scoId: next } : { kind: "stay" };
    }
    case "previous": {
      const previous = index > 0 ? scoIds[index - 1] : undefined;
      return previous ? { kind: "open", scoId: previous } : { kind: "stay" };
    }
    case "choice":
    case "jump":
      return scoIds.includes(request.target) && request.target !== currentId
        ? { kind: "open", scoId: request.target }
        : { kind: "stay" };
    default:
      return { kind: "stay" };
  }
}

/** The SCO to open first: the attempt's last SCO when it is still in the list, else the first. */
export function firstScoId(launch: ScormLaunch): string | null {
  const last = launch.attempt?.lastScoId;
  if (last && launch.scos.some((sco) => sco.identifier === last)) return last;
  return launch.scos[0]?.identifier ?? null;
}

/** The SCO's URL below the package's files on the content host: launch already carries the item parameters. */
export function scoUrl(launch: ScormLaunch, scoId: string): string | null {
  const sco = launch.scos.find((entry) => entry.identifier === scoId);
  return sco ? `${launch.content.filesUrl}${sco.launch}` : null;
}

/**
 * The saved CMI per SCO to preload: the server's, overlaid with the newest commit of each SCO that an
 * earlier page queued but never saw acknowledged (it left while offline, or before the last send). Those
 * are newer than what the server knew when it rendered the page, so the learner resumes from them.
 */
export function withPendingCommits(launch: ScormLaunch, pending: ScormCommit[]): Record<string, Cmi> {
  const saved: Record<string, Cmi> = { ...launch.attempt?.scoCmi };
  for (const commit of [...pending].sort((a, b) => a.sequence - b.sequence)) {
    if (commit.cmi)
      saved[commit.scoId] = resumePendingCmi(launch.version, commit.cmi, launch.attempt?.scoCmi[commit.scoId]);
  }
  return saved;
}

/**
 * The activity tree's state to restore before the sequencer starts: the newest one an earlier page queued
 * but never saw acknowledged, else the server's.
 */
export function pendingSequencingState(launch: ScormLaunch, pending: ScormCommit[]): Cmi | null {
  const newest = [...pending].sort((a, b) => b.sequence - a.sequence).find((commit) => commit.sequencing);
  return newest?.sequencing ?? launch.attempt?.sequencing ?? null;
}

/**
 * scorm-again's serialized sequencing state without its timestamps (it stamps the moment of serializing
 * in three places): two serializations of the same tree compare equal, so an unchanged tree is not sent again.
 */
export function comparableSequencingState(serialized: string): string {
  try {
    const state = JSON.parse(serialized) as Cmi;
    delete state.timestamp;
    for (const part of ["sequencing", "suspensionState"]) {
      const inner = state[part];
      if (inner && typeof inner === "object") delete (inner as Cmi).timestamp;
    }
    return JSON.stringify(state);
  } catch {
    return serialized;
  }
}
