import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { MAX_SEQUENCING_STATE_CHARS } from "@/lib/scorm/types";

// The SCORM player's commit: the full CMI state of one SCO, numbered within its attempt. One schema for
// the player (which builds it), the commit endpoint (which validates it) and the API document.

const MAX_COMMITS_PER_REQUEST = 50;

export const scormCommitSchema = z.object({
  attemptId: idSchema,
  /** Increases by one with every commit of the attempt, whichever SCO makes it. */
  sequence: z
    .int({ error: "sequence must be a whole number" })
    .min(1, { error: "sequence must be at least 1" })
    .max(2_000_000_000),
  /** The manifest item identifier of the SCO. */
  scoId: z.string().min(1, { error: "scoId is required" }).max(255),
  /**
   * scorm-again's CMI JSON of the SCO ({ core: …, suspend_data: … } for 1.2; { completion_status: … } for
   * 2004). Absent from a commit that only carries the activity tree's state (`sequencing`).
   */
  cmi: z.record(z.string(), z.unknown()).optional(),
  /** Lesson-wide state shared by the SCOs (global objectives, adl.data, the sequencing rollup), when it changed. */
  globals: z.record(z.string(), z.unknown()).optional(),
  /**
   * SCORM 2004 sequencing: the activity tree's state as scorm-again serializes it
   * (`serializeSequencingState`), sent when it changed; the newest by sequence is kept.
   */
  sequencing: z
    .record(z.string(), z.unknown())
    .refine((state) => JSON.stringify(state).length <= MAX_SEQUENCING_STATE_CHARS, {
      error: `The activity tree's state may be at most ${MAX_SEQUENCING_STATE_CHARS.toLocaleString("en-US")} characters of JSON`,
    })
    .optional(),
  /**
   * The SCO's activity attempt the CMI belongs to (SCORM 2004 sequencing counts them: a post-test of two
   * attempts). A higher one than stored keeps the stored one's results as an earlier activity attempt and
   * starts the SCO afresh; a lower one is not applied. Absent: the SCO's current activity attempt.
   */
  activityAttempt: z
    .int({ error: "activityAttempt must be a whole number" })
    .min(1, { error: "activityAttempt must be at least 1" })
    .max(1_000_000)
    .optional(),
  /** The learner ended the attempt (exitAll, abandonAll): the next launch starts a new attempt. */
  endsAttempt: z.boolean().optional(),
  /** True for the commit the SCO makes on LMSFinish / Terminate. */
  terminated: z.boolean().default(false),
  /**
   * The generation of the player that made the commit (the attempt's playerGeneration when that player
   * took the attempt over): a commit of an older generation is refused with a 409.
   */
  generation: z.int().min(0).max(2_000_000_000).optional(),
});
export type ScormCommit = z.infer<typeof scormCommitSchema>;

export const scormCommitBatchSchema = z
  .object({
    commits: z.array(scormCommitSchema).max(MAX_COMMITS_PER_REQUEST, {
      error: `commits holds at most ${MAX_COMMITS_PER_REQUEST} commits`,
    }),
    /**
     * A player taking the attempt over from the generation it was launched with: after the batch's
     * commits, the attempt's playerGeneration moves to the next one, unless another player took it first.
     */
    claim: z.object({ generation: z.int().min(0).max(2_000_000_000) }).optional(),
  })
  .refine((batch) => batch.commits.length > 0 || batch.claim !== undefined, {
    error: "commits must hold at least one commit",
    path: ["commits"],
  });
export type ScormCommitBatch = z.infer<typeof scormCommitBatchSchema>;

/** The spec's contract for API clients: POST /api/scorm-tracking. */
export const scormTrackingSchema = z.object({
  lessonId: idSchema,
  status: z.enum(["not_started", "in_progress", "completed", "passed", "failed"], {
    error: "status must be not_started, in_progress, completed, passed or failed",
  }),
  progress: z.number({ error: "progress must be a number from 0 to 100" }).min(0).max(100),
});
export type ScormTrackingInput = z.infer<typeof scormTrackingSchema>;
