import * as z from "zod/mini";
import type { ScormLaunch } from "@/lib/scorm/types";

// What the lesson page (the player, on the organization's app host) and the SCORM runtime (on its content
// host) say to each other with postMessage. Each side pins the other's origin when it sends and checks it,
// and the sending window, when it receives; every message is parsed with these schemas and anything else
// is ignored.
//
// The runtime's messages are for display only (the table of contents, the save indicator, the phase):
// content runs on the runtime's origin and could send them too, so the player never grants anything
// because of one. What is recorded is decided by the server from the commits the runtime sends.
// zod's tree-shakable build: the runtime's script carries only the validators used here.

const scoProgressSchema = z.enum(["not_started", "in_progress", "completed", "passed", "failed"]);

export const queueStateSchema = z.object({
  pending: z.int().check(z.minimum(0)),
  failing: z.boolean(),
  lastError: z.nullable(z.string()),
  rejected: z.int().check(z.minimum(0)),
  refusal: z.nullable(z.string()),
  stored: z.boolean(),
  superseded: z.boolean(),
});

/**
 * `suspended`: the learner left with suspendAll (the next launch resumes there); `ended`: the learner ended
 * the attempt (exitAll, abandonAll: the next launch starts a new one); `replaced`: the attempt was opened in
 * another window, which now holds it; this one commits no more; `finished`: the sequencer reached the end of
 * the flow and has nothing more to deliver (the learner is told so instead of facing an ended SCO).
 */
export const runtimePhaseSchema = z.enum(["loading", "running", "suspended", "ended", "finished", "error", "replaced"]);
export type RuntimePhase = z.infer<typeof runtimePhaseSchema>;

/** How long a SCO may take from being opened to calling Initialize before the learner is told it did not start. */
export const NOT_STARTED_AFTER_MS = 15_000;

export const runtimeStateSchema = z.object({
  phase: runtimePhaseSchema,
  currentId: z.nullable(z.string()),
  progress: z.record(z.string(), scoProgressSchema),
  /** SCOs the package's sequencing does not allow choosing now. */
  unavailable: z.array(z.string()),
  /**
   * 2004 with sequencing: whether the sequencer would accept Continue and Previous now (the player's
   * buttons follow it and ask the sequencer); null without sequencing (the buttons follow the SCO order).
   */
  flow: z.nullable(z.object({ continue: z.boolean(), previous: z.boolean() })),
  /** SCOs the sequencer will not deliver again (their attempt limit is used up), with the reason shown. */
  closed: z.record(z.string(), z.string()),
  /** The player's controls the current activity's manifest asks to hide (adlnav:hideLMSUI: continue, previous, exitAll, suspendAll, …). */
  hidden: z.array(z.string()),
  /** The commit queue's state; null for an untracked preview. */
  queue: z.nullable(queueStateSchema),
  error: z.nullable(z.string()),
  /**
   * The current SCO has not called Initialize within NOT_STARTED_AFTER_MS of being opened (a script of its
   * own failed, or a file it needs did not load): nothing from it is recorded, and the player says so.
   */
  notStarted: z.boolean(),
});
export type RuntimeState = z.infer<typeof runtimeStateSchema>;

const NOTHING_RUNS: RuntimeState = {
  phase: "loading",
  currentId: null,
  progress: {},
  unavailable: [],
  flow: null,
  closed: {},
  hidden: [],
  queue: null,
  error: null,
  notStarted: false,
};

/** Before the runtime reports anything: each SCO's status as the server read it, nothing running yet. */
export function initialRuntimeState(launch: ScormLaunch, queue: RuntimeState["queue"]): RuntimeState {
  const progress = Object.fromEntries(
    launch.scos.map((sco) => [sco.identifier, launch.attempt?.scoStatus[sco.identifier] ?? "not_started"]),
  );
  return { ...NOTHING_RUNS, progress, queue };
}

/** The runtime could not start the lesson at all. */
export function failedRuntimeState(error: string): RuntimeState {
  return { ...NOTHING_RUNS, phase: "error", error };
}

/** Runtime → player. */
export const runtimeMessageSchema = z.discriminatedUnion("type", [
  /** The runtime's script runs and waits for its launch. */
  z.object({ type: z.literal("lms.scorm.ready") }),
  z.object({ type: z.literal("lms.scorm.state"), state: runtimeStateSchema }),
  /** The server acknowledged commits; `terminated` when one of them ended a SCO's session. */
  z.object({ type: z.literal("lms.scorm.saved"), terminated: z.boolean() }),
]);
export type RuntimeMessage = z.infer<typeof runtimeMessageSchema>;

/**
 * The launch as the runtime needs it: checked for its shape where the runtime reads it directly; the
 * manifest and saved CMI are the server's own JSON, handed on as they are.
 */
const launchSchema = z.looseObject({
  lessonId: z.string(),
  packageId: z.string(),
  version: z.enum(["scorm12", "scorm2004_2nd", "scorm2004_3rd", "scorm2004_4th"]),
  scos: z.array(z.looseObject({ identifier: z.string(), title: z.string(), launch: z.string(), depth: z.number() })),
  manifest: z.looseObject({ organization: z.looseObject({ items: z.array(z.unknown()) }) }),
  content: z.object({
    origin: z.string(),
    runtimeUrl: z.string(),
    filesUrl: z.string(),
    commitUrl: z.nullable(z.string()),
  }),
  attempt: z.nullable(
    z.looseObject({
      attemptId: z.string(),
      lastSequence: z.number(),
      mode: z.enum(["normal", "review"]),
      playerGeneration: z.number(),
    }),
  ),
  learner: z.object({ id: z.string(), name: z.string() }),
});

/** Player → runtime. */
export const playerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("lms.scorm.launch"),
    launch: z.pipe(
      launchSchema,
      z.transform((launch) => launch as unknown as ScormLaunch),
    ),
  }),
  /** The learner chose a SCO (table of contents; Previous and Continue without sequencing). */
  z.object({ type: z.literal("lms.scorm.navigate"), scoId: z.string() }),
  /** Previous / Continue of a package with sequencing: the sequencer decides where they lead. */
  z.object({ type: z.literal("lms.scorm.flow"), request: z.enum(["continue", "previous"]) }),
  /** The player's Exit controls: suspendAll keeps the place for the next launch, exitAll ends the attempt. */
  z.object({ type: z.literal("lms.scorm.exit"), request: z.enum(["suspendAll", "exitAll"]) }),
]);
export type PlayerMessage = z.output<typeof playerMessageSchema>;

/** The message, parsed, or null when it is not one of ours. */
export function parseRuntimeMessage(data: unknown): RuntimeMessage | null {
  const parsed = runtimeMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function parsePlayerMessage(data: unknown): PlayerMessage | null {
  const parsed = playerMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
