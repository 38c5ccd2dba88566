// The event types an endpoint may subscribe to, shared by the schemas, the settings page and the API
// document. Payloads are version 1: { type, timestamp, data }; a change that would break a receiver comes
// as a new type name, never as a new shape under an old one. `webhook.test` is sent only on request.

export const WEBHOOK_EVENT_TYPES = [
  "user.created",
  "user.updated",
  "user.deactivated",
  "enrollment.created",
  "enrollment.completed",
  "lesson.completed",
  "course.completed",
  "certificate.issued",
  "certificate.expiring",
  "certificate.expired",
  "import.finished",
  "group.member_added",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event an admin sends to check an endpoint: to that endpoint only, whatever its subscriptions. */
export const TEST_EVENT_TYPE = "webhook.test";

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "user.created": "A user account was created (by an admin, an import, registration or single sign-on)",
  "user.updated": "A user's name, e-mail, username, role or status changed",
  "user.deactivated": "A user account was deactivated (suspended)",
  "enrollment.created": "A learner was enrolled in a course (by themselves, an instructor or a group)",
  "enrollment.completed": "An enrollment became completed",
  "lesson.completed": "A learner completed a lesson",
  "course.completed": "A learner completed a course (sent with enrollment.completed, centred on the course)",
  "certificate.issued": "A certificate was issued on completion",
  "certificate.expiring": "A certificate is within its course's reminder lead time of expiring",
  "certificate.expired": "A certificate's validity ended",
  "import.finished": "A CSV user import's run ended (completed or cancelled)",
  "group.member_added": "A user joined a group",
};
