import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_DESCRIPTIONS, type WebhookEventType } from "@/lib/webhooks/event-types";

// The events an organization's webhook endpoints receive: OpenAPI 3.1 `webhooks`, one entry per event
// type, each with the body of payload version 1 ({ type, timestamp, data }) and the Standard Webhooks
// headers. Written from lib/server/webhooks/payloads.ts and events.ts.

const HEADERS = {
  "webhook-id": z.string().describe("The message's id: the same on every retry and resend (de-duplicate on it)"),
  "webhook-timestamp": z.string().describe("Seconds since the Unix epoch when this attempt was signed"),
  "webhook-signature": z
    .string()
    .describe(
      "`v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` with the key the endpoint's `whsec_` secret encodes; during a secret roll's overlap two signatures, space-separated",
    ),
};

const ids = { uuid: z.uuid(), time: z.iso.datetime(), nullableTime: z.iso.datetime().nullable() };

const user = z.object({
  id: ids.uuid,
  email: z.email(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(["learner", "instructor", "admin", "org_admin"]),
  status: z.enum(["active", "suspended"]),
  created_at: ids.time,
});

const enrollment = z.object({
  id: ids.uuid,
  course_id: ids.uuid,
  user_id: ids.uuid,
  status: z.enum(["active", "completed", "withdrawn"]),
  source: z.enum(["self", "manual", "group"]),
  round: z.number().int().describe("The round of the course (a recertification starts the next)"),
  progress_percent: z.number().int(),
  enrolled_at: ids.time,
  completed_at: ids.nullableTime,
});

const certificate = z.object({
  id: ids.uuid,
  code: z.string().describe("The public verification code"),
  course_id: ids.uuid,
  course_title: z.string(),
  user_id: ids.uuid,
  learner_name: z.string(),
  enrollment_id: ids.uuid,
  round: z.number().int(),
  completed_at: ids.time,
  expires_at: ids.nullableTime,
  issued_at: ids.time,
});

const DATA: Record<WebhookEventType, z.ZodType> = {
  "user.created": user,
  "user.updated": user.describe("The user as they are after the change"),
  "user.deactivated": user,
  "enrollment.created": enrollment,
  "enrollment.completed": enrollment,
  "lesson.completed": z.object({
    lesson_id: ids.uuid,
    course_id: ids.uuid,
    enrollment_id: ids.uuid,
    user_id: ids.uuid,
    round: z.number().int(),
    completed_at: ids.time,
  }),
  "course.completed": z.object({
    course_id: ids.uuid,
    course_title: z.string(),
    user_id: ids.uuid,
    enrollment_id: ids.uuid,
    round: z.number().int(),
    completed_at: ids.nullableTime,
  }),
  "certificate.issued": certificate,
  "certificate.expiring": certificate,
  "certificate.expired": certificate,
  "import.finished": z.object({
    import_id: ids.uuid,
    status: z.enum(["completed", "cancelled"]),
    file_name: z.string(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
    failed: z.number().int(),
    finished_at: ids.nullableTime,
  }),
  "group.member_added": z.object({ group_id: ids.uuid, user_id: ids.uuid }),
};

function eventItem(type: string, description: string, data: z.ZodType): ZodOpenApiPathItemObject {
  return {
    post: {
      operationId: `webhook_${type.replace(/[^a-z]/g, "_")}`,
      summary: type,
      description: `${description}. Payload version 1. Answer 2xx within 15 seconds; anything else is retried with backoff for about three days; 410 Gone turns the endpoint off.`,
      tags: ["Webhooks"],
      requestParams: { header: z.object(HEADERS) },
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({ type: z.literal(type), timestamp: ids.time, data }),
          },
        },
      },
      responses: {
        "200": { description: "Received (any 2xx)" },
        "410": { description: "Gone: the endpoint is turned off and sent nothing more" },
      },
    },
  };
}

export const WEBHOOK_EVENTS: Record<string, ZodOpenApiPathItemObject> = {
  ...Object.fromEntries(
    (Object.keys(DATA) as WebhookEventType[]).map((type) => [
      type,
      eventItem(type, WEBHOOK_EVENT_DESCRIPTIONS[type], DATA[type]),
    ]),
  ),
  [TEST_EVENT_TYPE]: eventItem(
    TEST_EVENT_TYPE,
    "Sent when an admin asks for a test event, to that endpoint only",
    z.object({ message: z.string() }),
  ),
};
