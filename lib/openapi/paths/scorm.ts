import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import { scormCommitBatchSchema, scormTrackingSchema } from "@/lib/schemas/scorm";

// SCORM tracking: app/api/courses/[courseId]/lessons/[lessonId]/scorm/launch, app/api/scorm-tracking and
// app/api/scorm/commits (which the custom server also answers before Next, with the same handler).

const attemptSchema = z.object({
  attemptId: z.uuid(),
  attemptNumber: z.int(),
  mode: z.enum(["normal", "review"]),
  lastSequence: z.int().meta({ description: "The highest commit sequence applied; the player continues above it" }),
  lastScoId: z.string().nullable(),
  scoCmi: z.record(z.string(), z.record(z.string(), z.unknown())).meta({ description: "Saved CMI per SCO, ready for scorm-again's loadFromJSON before Initialize" }),
  globals: z.record(z.string(), z.unknown()),
});

const launchSchema = z.object({
  lessonId: z.uuid(),
  courseId: z.uuid(),
  packageId: z.uuid(),
  version: z.enum(["scorm12", "scorm2004_2nd", "scorm2004_3rd", "scorm2004_4th"]),
  baseUrl: z.string(),
  scos: z.array(z.object({ identifier: z.string(), title: z.string(), launch: z.string(), depth: z.int() })),
  manifest: z.record(z.string(), z.unknown()).meta({ description: "The parsed imsmanifest.xml (ScormManifest)" }),
  attempt: attemptSchema.nullable().meta({ description: "null for untracked viewers (editors not enrolled)" }),
  learner: z.object({ id: z.uuid(), name: z.string() }),
});

const commitResultsSchema = z.object({
  results: z.array(z.object({ attemptId: z.uuid(), scoId: z.string(), sequence: z.int(), applied: z.boolean().meta({ description: "false for a replay, an older sequence, or an untracked attempt" }) })),
});

const trackingResultSchema = z.object({
  lessonId: z.uuid(),
  progress: z.number().meta({ description: "The lesson's progress, 0–100 (100 once completed)" }),
  status: z.enum(["not_started", "in_progress", "completed"]),
  success_status: z.string().nullable(),
  course_progress: z.int(),
});

export const scormPaths = definePaths("SCORM", {
  "/api/courses/{courseId}/lessons/{lessonId}/scorm/launch": {
    requestParams: { path: pathIds("courseId", "lessonId") },
    get: {
      operationId: "launchScormLesson",
      summary: "Launch data of a SCORM lesson: package, SCOs and the caller's attempt (created when needed)",
      description:
        "The first launch creates attempt 1; after a completed attempt the next launch creates a new one if the course allows " +
        "retakes, else returns the completed attempt in review mode. 404 when the lesson has no package yet.",
      access: "signed-in",
      responses: { 200: json("The launch data", launchSchema) },
      errors: [403, 404],
    },
  },
  "/api/scorm/commits": {
    post: {
      operationId: "commitScorm",
      summary: "The SCORM player's commits: the full CMI of a SCO, numbered within its attempt",
      description:
        "Each commit is stored in its own transaction and acknowledged only after it; a sequence not higher than the SCO's " +
        "last is acknowledged with applied: false. Accepts text/plain (sendBeacon). At most 50 commits and 4 MB per request.",
      access: "signed-in",
      requestBody: jsonBody(scormCommitBatchSchema),
      responses: { 200: json("One result per commit, in order", commitResultsSchema) },
      errors: [400, 404, 413],
    },
  },
  "/api/scorm-tracking": {
    post: {
      operationId: "trackScormLesson",
      summary: "Record the caller's status in a SCORM lesson (API clients)",
      description: "completed and passed complete the lesson; failed completes it with success 'failed'. A completed lesson stays completed.",
      access: "signed-in",
      requestBody: jsonBody(scormTrackingSchema),
      responses: { 200: json("The lesson's progress", trackingResultSchema) },
      errors: [400, 404],
    },
  },
});
