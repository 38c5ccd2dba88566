import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import { cmi5LaunchSchema, cmi5WaiveSchema } from "@/lib/schemas/cmi5";

// cmi5 (docs/cmi5.md): a cmi5 lesson's course, the launch, and what a course's editors do to a
// registration. The fetch URL (/cmi5/fetch/{token}) and the packaged files on the content host
// (/cmi5/files/{token}/…) follow the cmi5 specification, as the LRS (/xapi/) follows xAPI's.

const lesson = pathIds("courseId", "lessonId");

const courseSchema = z.object({
  id: z.uuid(),
  lesson_id: z.uuid(),
  version: z.int(),
  title: z.string(),
  publisher_id: z.string().meta({ description: "The course's id in cmi5.xml" }),
  packaged: z.boolean().meta({ description: "false for a bare cmi5.xml whose AUs live at absolute URLs" }),
  au_count: z.int(),
  aus: z
    .array(
      z.object({
        index: z.int(),
        id: z.string(),
        title: z.string(),
        move_on: z.string(),
        mastery_score: z.number().nullable(),
        launch_method: z.enum(["AnyWindow", "OwnWindow"]),
      }),
    )
    .meta({ description: "The first 200 AUs in document order" }),
  block_count: z.int(),
  created_at: z.iso.datetime(),
});

const launchSchema = z.object({
  launch_url: z.string().meta({
    description: "The AU's URL with endpoint, fetch, actor, registration and activityId (cmi5 8.1)",
  }),
  launch_method: z.enum(["AnyWindow", "OwnWindow"]),
  launch_mode: z.enum(["Normal", "Browse", "Review"]),
  session_id: z.uuid(),
  registration: z.uuid(),
  au_index: z.int(),
  au_title: z.string(),
  return_url: z.string(),
});

export const cmi5Paths = definePaths("cmi5", {
  "/api/courses/{courseId}/lessons/{lessonId}/cmi5": {
    requestParams: { path: lesson },
    get: {
      operationId: "getCmi5Course",
      summary: "The cmi5 lesson's current course version (enrolled learners and course editors)",
      access: "signed-in",
      responses: { 200: json("The course version", courseSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "importCmi5Course",
      summary: "Import a cmi5 course (a zip with cmi5.xml, or a bare cmi5.xml) as the lesson's new version",
      description:
        "The body is the raw zip (application/zip), checked and extracted as a SCORM package is, or cmi5.xml (text/xml) whose " +
        "AUs are all at absolute URLs. A course the cmi5 specification refuses is a 400 naming the rule; nothing is kept.",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: {
        required: true,
        content: { "text/xml": { schema: z.string() }, "application/zip": { schema: z.file() } },
      },
      responses: { 200: json("The new course version", courseSchema) },
      errors: [400, 403, 404, 413, 415],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/cmi5/launch": {
    requestParams: { path: lesson },
    post: {
      operationId: "launchCmi5Au",
      summary: "Launch an AU: registration, session, LMS.LaunchData, Launched, and the launch URL",
      description:
        "An enrolled learner launches for themselves in Normal mode; a course editor may also give actor, registration, " +
        "launch_mode and return_url (an external learner, a test harness). Sessions of the registration still open are abandoned.",
      access: "signed-in",
      requestBody: jsonBody(cmi5LaunchSchema),
      responses: { 200: json("The launch", launchSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/cmi5/registrations/{registrationId}/waive": {
    requestParams: { path: pathIds("registrationId") },
    post: {
      operationId: "waiveCmi5Au",
      summary: "Waive an AU of a registration: Waived, then Satisfied for what it completes (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(cmi5WaiveSchema),
      responses: {
        200: json("The waiver", z.object({ registration: z.uuid(), au_index: z.int(), session_id: z.uuid() })),
      },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/cmi5/sessions/{cmi5SessionId}/abandon": {
    requestParams: { path: pathIds("cmi5SessionId") },
    post: {
      operationId: "abandonCmi5Session",
      summary: "Abandon a session still open: Abandoned, and its LRS credential stops (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      responses: {
        200: json("Whether the session was open", z.object({ session_id: z.uuid(), abandoned: z.boolean() })),
      },
      errors: [403, 404],
    },
  },
});
