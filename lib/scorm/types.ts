import type { Settings } from "scorm-again";

/** scorm-again's sequencing configuration (its package exports Settings, not this part of it). */
export type SequencingSettings = NonNullable<Settings["sequencing"]>;

// The shapes SCORM code shares between the importer, the tracking server and the player. The parsed
// manifest is stored as ScormPackage.manifest (JSON); the launch data is what the lesson page hands the
// player. Keep both plain JSON.

export type ScormVersion = "scorm12" | "scorm2004_2nd" | "scorm2004_3rd" | "scorm2004_4th";

/**
 * The largest activity-tree state a commit may carry, in characters of JSON: scorm-again's serialized
 * state takes some 7 KB per activity (the golf 4th-edition sample's six activities: 44 KB), so this is a
 * course of some 140 activities. The runtime keeps a larger one out of its queue; the server refuses it.
 */
export const MAX_SEQUENCING_STATE_CHARS = 1_000_000;

export interface CompletionThreshold {
  completedByMeasure: boolean;
  /** 0–1; 2004's adlcp:completionThreshold minProgressMeasure (or the element's text in 2nd/3rd ed.). */
  minProgressMeasure: number | null;
  /** Weight of this item's progress in its parent's rollup (4th edition). */
  progressWeight: number | null;
}

export interface ManifestObjective {
  id: string;
  primary: boolean;
  satisfiedByMeasure: boolean;
  minNormalizedMeasure: number | null;
}

export interface SharedDataMap {
  targetId: string;
  readSharedData: boolean;
  writeSharedData: boolean;
}

/** One <item> of the organization tree. A leaf with a resource is a SCO (or an asset). */
export interface ManifestItem {
  identifier: string;
  title: string;
  /** The resource's identifier, for leaves. */
  resourceId: string | null;
  /** Package-relative launch URL: resource href (with xml:base applied) + item parameters, or null. */
  launch: string | null;
  /** "sco" or "asset" (a launchable asset takes no API). */
  scormType: "sco" | "asset" | null;
  isVisible: boolean;
  /** SCORM 1.2 adlcp:masterscore (0–100). */
  masteryScore: number | null;
  /** SCORM 1.2 adlcp:datafromlms / 2004 adlcp:dataFromLMS, handed to cmi.launch_data. */
  dataFromLms: string | null;
  /** 1.2 adlcp:maxtimeallowed / 2004 limit conditions attemptAbsoluteDurationLimit. */
  maxTimeAllowed: string | null;
  timeLimitAction: string | null;
  completionThreshold: CompletionThreshold | null;
  /** 2004: the primary objective's minNormalizedMeasure when satisfiedByMeasure → cmi.scaled_passing_score. */
  scaledPassingScore: number | null;
  /** 2004: objectives declared for the item (primary first), preloaded into cmi.objectives. */
  objectives: ManifestObjective[];
  sharedData: SharedDataMap[];
  children: ManifestItem[];
}

export interface ManifestOrganization {
  identifier: string;
  title: string;
  items: ManifestItem[];
}

export interface ManifestResource {
  identifier: string;
  scormType: "sco" | "asset" | null;
  href: string | null;
  files: string[];
  dependencies: string[];
}

/** The parsed imsmanifest.xml, as stored. */
export interface ScormManifest {
  identifier: string;
  version: ScormVersion;
  title: string;
  /** The default organization (the first one when the default is not named). */
  organization: ManifestOrganization;
  resources: ManifestResource[];
  /** SCORM 2004: scorm-again's sequencing settings built from the manifest (activity tree, collections). */
  sequencing: SequencingSettings | null;
  /** 2004: global objective ids the items map to (scorm-again's globalObjectiveIds). */
  globalObjectiveIds: string[];
}

/** A SCO in launch order (a depth-first walk of the organization's leaves that launch). */
export interface ScoEntry {
  identifier: string;
  title: string;
  launch: string;
  /** Depth in the table of contents, 0 for top-level items. */
  depth: number;
}

/** What the lesson page hands the player (server → client component). */
export interface ScormLaunch {
  lessonId: string;
  courseId: string;
  packageId: string;
  version: ScormVersion;
  /** Where the package runs: the organization's content host, reached with this visit's token. */
  content: ScormContentUrls;
  /** The SCOs in table-of-contents order. */
  scos: ScoEntry[];
  /** The whole manifest (the player configures scorm-again from it). */
  manifest: ScormManifest;
  /** null when the viewer is not tracked (an editor previewing, a withdrawn enrollment). */
  attempt: ScormAttemptState | null;
  learner: { id: string; name: string };
}

/**
 * The content host's URLs for one visit, each carrying its capability token (docs/scorm-player.md):
 * the runtime page the player frames, the base of the package's files, and the commit endpoint (null
 * for an untracked preview, which records nothing).
 */
export interface ScormContentUrls {
  origin: string;
  runtimeUrl: string;
  filesUrl: string;
  commitUrl: string | null;
}

export interface ScormAttemptState {
  attemptId: string;
  attemptNumber: number;
  /** normal, or review for a completed attempt the learner may not retake. */
  mode: "normal" | "review";
  /** The highest sequence number the server has applied to this attempt (the client continues above it). */
  lastSequence: number;
  lastScoId: string | null;
  /** Each started SCO's status as the server rolled it up (what the table of contents shows). */
  scoStatus: Record<string, ScoProgress>;
  /** Saved CMI per SCO identifier (scorm-again's JSON shape), for preloading before Initialize. */
  scoCmi: Record<string, Record<string, unknown>>;
  /** Lesson-wide shared state (global objectives, adl.data buckets, the sequencing rollup). */
  globals: Record<string, unknown>;
  /** 2004 sequencing: the activity tree's state as last stored (scorm-again's serialized state), or null. */
  sequencing: Record<string, unknown> | null;
  /** The attempt's player generation when this state was read: a runtime claims the next one before it commits. */
  playerGeneration: number;
}

/** A SCO's status in the table of contents. */
export type ScoProgress = "not_started" | "in_progress" | "completed" | "passed" | "failed";

const PROGRESS_RANK: Record<ScoProgress, number> = {
  not_started: 0,
  in_progress: 1,
  failed: 2,
  completed: 3,
  passed: 4,
};

/** Completion and success (stored apart) as one table-of-contents status: success wins when judged. */
export function scoProgressOf(completionStatus: string, successStatus: string): ScoProgress {
  if (successStatus === "passed" || successStatus === "failed") return successStatus;
  if (completionStatus === "completed") return "completed";
  return completionStatus === "incomplete" ? "in_progress" : "not_started";
}

/** The further of two statuses: what a SCO reached is not taken back by a later, emptier commit. */
export function furtherProgress(a: ScoProgress | undefined, b: ScoProgress): ScoProgress {
  return a && PROGRESS_RANK[a] > PROGRESS_RANK[b] ? a : b;
}
