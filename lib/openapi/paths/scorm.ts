import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import { scormCommitBatchSchema, scormTrackingSchema } from "@/lib/schemas/scorm";

// SCORM: the launch and the spec's tracking call on the organization's host (app/api/…), and the content
// host's routes (app/scorm/…: the runtime page, the package's files, the commits, which the custom server
// also answers before Next with the same handler), reached with the launch's token.

const attemptSchema = z.object({
  attemptId: z.uuid(),
  attemptNumber: z.int(),
  mode: z.enum(["normal", "review"]),
  lastSequence: z.int().meta({ description: "The highest commit sequence applied; the player continues above it" }),
  lastScoId: z.string().nullable(),
  scoCmi: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .meta({ description: "Saved CMI per SCO, ready for scorm-again's loadFromJSON before Initialize" }),
  globals: z.record(z.string(), z.unknown()),
  sequencing: z.record(z.string(), z.unknown()).nullable().meta({
    description:
      "SCORM 2004 sequencing: the activity tree's state as last committed (scorm-again's serialized state), restored before the sequencer starts; null when none was stored",
  }),
  playerGeneration: z
    .int()
    .meta({ description: "The attempt's player generation; the runtime claims the next one before it commits" }),
});

const launchSchema = z.object({
  lessonId: z.uuid(),
  courseId: z.uuid(),
  packageId: z.uuid(),
  version: z.enum(["scorm12", "scorm2004_2nd", "scorm2004_3rd", "scorm2004_4th"]),
  content: z
    .object({
      origin: z
        .string()
        .meta({ description: "The organization's content host: `{scheme}://{subdomain}.{CONTENT_DOMAIN}`" }),
      runtimeUrl: z.string().meta({ description: "The runtime page the player frames" }),
      filesUrl: z
        .string()
        .meta({ description: "The base of the package's files (SCO launch URLs are relative to it)" }),
      commitUrl: z
        .string()
        .nullable()
        .meta({ description: "Where the runtime posts commits; null for an untracked preview" }),
    })
    .meta({
      description: "This visit's URLs on the content host, each carrying its capability token (good for 4 to 8 hours)",
    }),
  scos: z.array(z.object({ identifier: z.string(), title: z.string(), launch: z.string(), depth: z.int() })),
  manifest: z.record(z.string(), z.unknown()).meta({ description: "The parsed imsmanifest.xml (ScormManifest)" }),
  attempt: attemptSchema.nullable().meta({ description: "null for untracked viewers (editors not enrolled)" }),
  learner: z.object({ id: z.uuid(), name: z.string() }),
});

const commitResultsSchema = z.object({
  results: z.array(
    z.object({
      attemptId: z.uuid(),
      scoId: z.string(),
      sequence: z.int(),
      applied: z.boolean().meta({ description: "false for a replay, an older sequence, or an untracked attempt" }),
    }),
  ),
  player: z
    .object({ generation: z.int(), attempt: attemptSchema })
    .optional()
    .meta({ description: "With a claim: the player's new generation and the attempt as stored after the batch" }),
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
  "/api/scorm-tracking": {
    post: {
      operationId: "trackScormLesson",
      summary: "Record the caller's status in a SCORM lesson (API clients)",
      description:
        "completed and passed complete the lesson; failed completes it with success 'failed'. A completed lesson stays completed.",
      access: "signed-in",
      requestBody: jsonBody(scormTrackingSchema),
      responses: { 200: json("The lesson's progress", trackingResultSchema) },
      errors: [400, 404],
    },
  },
});

/** The content host's routes: no session, the token in the path grants one visit (docs/scorm-player.md). */
const CONTENT_HOST = [
  {
    url: "{scheme}://{subdomain}.{contentDomain}",
    description: "The organization's content host",
    variables: {
      scheme: { default: "https", enum: ["https", "http"] },
      subdomain: { default: "acme", description: "The organization's subdomain" },
      contentDomain: { default: "content.lms.example.com", description: "CONTENT_DOMAIN" },
    },
  },
];
const contentToken = z.object({
  contentToken: z.string().meta({
    description:
      "The capability token of a launch (`content` of GET …/scorm/launch); a missing, forged, expired or foreign one is a 404",
  }),
});
const fileParams = contentToken.extend({
  path: z.string().meta({ description: "The file's path in the package (slashes kept); the query string is ignored" }),
});
const packageFile = {
  description:
    "The file (206 with Content-Range for a Range request); Content-Security-Policy `frame-ancestors 'self' {the organization's app origin}`",
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
};

export const scormContentPaths = definePaths("SCORM", {
  "/scorm/runtime/{contentToken}": {
    servers: CONTENT_HOST,
    requestParams: { path: contentToken },
    get: {
      operationId: "scormRuntimePage",
      summary:
        "The SCORM runtime page the lesson page frames: scorm-again and the commit queue, the SCO framed beside them",
      access: "public",
      responses: {
        200: {
          description: "An HTML page; framed only by the organization's app origin",
          content: { "text/html": { schema: z.string() } },
        },
      },
      errors: [404],
    },
  },
  "/scorm/files/{contentToken}/{path}": {
    servers: CONTENT_HOST,
    requestParams: { path: fileParams },
    get: {
      operationId: "scormPackageFile",
      summary: "A file of the token's package",
      access: "public",
      responses: { 200: packageFile },
      errors: [404],
    },
    head: {
      operationId: "scormPackageFileHead",
      summary: "A file's headers",
      access: "public",
      responses: { 200: { description: "The headers GET would send" } },
      errors: [404],
    },
  },
  "/scorm/commits/{contentToken}": {
    servers: CONTENT_HOST,
    requestParams: { path: contentToken },
    post: {
      operationId: "commitScorm",
      summary: "The SCORM runtime's commits: the full CMI of a SCO, numbered within the token's attempt",
      description:
        "Each commit is stored in its own transaction and acknowledged only after it; a sequence not higher than the SCO's " +
        "last is acknowledged with applied: false. Every commit must be of the token's attempt (else 404). Accepts text/plain " +
        "(sendBeacon). At most 50 commits and 4 MB per request. A commit of an older player generation than the attempt's, or a " +
        "claim from a generation another player already left, is a 409 (the attempt was opened in another window).",
      access: "public",
      requestBody: jsonBody(scormCommitBatchSchema),
      responses: { 200: json("One result per commit, in order", commitResultsSchema) },
      errors: [400, 404, 409, 413],
    },
  },
});
