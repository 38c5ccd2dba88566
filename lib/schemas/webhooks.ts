import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

// An organization's webhook endpoints (System Settings → Webhooks) and their deliveries. The signing
// secret is made by the server; it is shown to the organization's admins (the receiver needs it) and can be
// rolled, the previous one still signing during the overlap.

const url = z
  .url({ protocol: /^https?$/, error: "URL must be an http(s) URL such as https://hooks.example.com/lms" })
  .max(1000, "URL must be at most 1000 characters");

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Event types are: ${WEBHOOK_EVENT_TYPES.join(", ")}` }), {
    error: "Event types must be a list",
  })
  .min(1, "Choose at least one event type")
  .transform((types) => [...new Set(types)]);

const description = z
  .string({ error: "Description must be text" })
  .trim()
  .max(200, "Description must be at most 200 characters");

export const createWebhookEndpointSchema = z.strictObject({
  url,
  description: description.default(""),
  eventTypes,
  enabled: z.boolean({ error: "Choose whether the endpoint is on" }).default(true),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .strictObject({
    url: url.optional(),
    description: description.optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean({ error: "Choose whether the endpoint is on" }).optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), { error: "Nothing to change" });
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;

export const rollWebhookSecretSchema = z.strictObject({
  /** How long the previous secret keeps signing: 0 ends it now. */
  overlapHours: z
    .number({ error: "Overlap must be a number of hours" })
    .int("Overlap must be whole hours")
    .min(0, "Overlap cannot be negative")
    .max(168, "Overlap must be at most 168 hours (a week)")
    .default(24),
});
export type RollWebhookSecretInput = z.infer<typeof rollWebhookSecretSchema>;

export const resendWebhookDeliveriesSchema = z.strictObject({
  /** Every failed delivery of the endpoint whose event is at least this recent. */
  since: z.iso.datetime({ offset: true, error: "since must be a date-time such as 2026-12-01T00:00:00Z" }),
});
export type ResendWebhookDeliveriesInput = z.infer<typeof resendWebhookDeliveriesSchema>;

export const webhookDeliveryListQuerySchema = z.object({
  state: z.enum(["pending", "delivered", "failed"], { error: "State is pending, delivered or failed" }).optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(200, "limit must be at most 200")
    .default(50),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;

export const webhookEndpointViewSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the system turned it off (410 Gone, days of failures); null otherwise. */
  disabledReason: z.string().nullable(),
  /** The first failed delivery since the last success. */
  failingSince: z.iso.datetime().nullable(),
  /** When the previous secret stops signing; null when no overlap is running. */
  previousSecretExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointViewSchema) });

export const webhookSecretSchema = z.object({
  secret: z.string().describe("whsec_ followed by the base64 of the key's bytes"),
  previousSecretExpiresAt: z.iso.datetime().nullable(),
});
export type WebhookSecretView = z.infer<typeof webhookSecretSchema>;

export const webhookDeliveryViewSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid().describe("The webhook-id header of every attempt"),
  eventType: z.string(),
  eventCreatedAt: z.iso.datetime(),
  state: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliveryViewSchema) });

export const webhookResendResultSchema = z.object({ resent: z.number().int() });
