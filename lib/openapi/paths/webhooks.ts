import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  createWebhookEndpointSchema,
  resendWebhookDeliveriesSchema,
  rollWebhookSecretSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointViewSchema,
  webhookResendResultSchema,
  webhookSecretSchema,
} from "@/lib/schemas/webhooks";
import { z } from "zod";

// app/api/admin/webhooks/** (System Settings → Webhooks). The events themselves: lib/openapi/webhook-events.ts.

const MANAGE = "Admins of the organization (settings:manage), on its host; the apex has none (404).";
const URL_RULE =
  "A URL whose host is or resolves to a loopback, private, link-local or otherwise non-public address is a 400 'This address is not allowed for an outgoing connection' at `url`, unless the operator allow-lists it (OUTBOUND_ALLOWED_ADDRESSES); every delivery is checked again.";

export const webhookPaths = definePaths("Webhooks", {
  "/api/admin/webhooks": {
    get: {
      operationId: "listWebhookEndpoints",
      summary: "The organization's webhook endpoints",
      description: MANAGE,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The endpoints, oldest first", webhookEndpointListSchema) },
      errors: [403, 404],
    },
    post: {
      operationId: "createWebhookEndpoint",
      summary: "Add a webhook endpoint",
      description: `${MANAGE} ${URL_RULE} The server makes its signing secret (GET …/secret reads it). Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(createWebhookEndpointSchema),
      responses: { 201: json("The endpoint", webhookEndpointViewSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/webhooks/{endpointId}": {
    requestParams: { path: pathIds("endpointId") },
    get: {
      operationId: "getWebhookEndpoint",
      summary: "A webhook endpoint",
      description: MANAGE,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The endpoint", webhookEndpointViewSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateWebhookEndpoint",
      summary: "Change a webhook endpoint (the fields given)",
      description: `${MANAGE} ${URL_RULE} Turning it on or off clears the reason the system turned it off. Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(updateWebhookEndpointSchema),
      responses: { 200: json("The endpoint", webhookEndpointViewSchema) },
      errors: [400, 403, 404],
    },
    delete: {
      operationId: "deleteWebhookEndpoint",
      summary: "Remove a webhook endpoint and its deliveries",
      description: `${MANAGE} Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 204: noContent },
      errors: [403, 404],
    },
  },
  "/api/admin/webhooks/{endpointId}/secret": {
    requestParams: { path: pathIds("endpointId") },
    get: {
      operationId: "getWebhookSecret",
      summary: "The endpoint's signing secret, for its receiver",
      description: MANAGE,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The secret", webhookSecretSchema) },
      errors: [403, 404, 409],
    },
  },
  "/api/admin/webhooks/{endpointId}/secret/roll": {
    requestParams: { path: pathIds("endpointId") },
    post: {
      operationId: "rollWebhookSecret",
      summary: "Replace the signing secret",
      description: `${MANAGE} The previous secret signs beside the new one for \`overlapHours\` (default 24; 0 ends it now): every message carries both signatures meanwhile. Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: { ...jsonBody(rollWebhookSecretSchema), required: false },
      responses: { 200: json("The new secret", webhookSecretSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/webhooks/{endpointId}/deliveries": {
    requestParams: { path: pathIds("endpointId") },
    get: {
      operationId: "listWebhookDeliveries",
      summary: "The endpoint's deliveries, newest first",
      description: `${MANAGE} Status and timing only: no response body is stored.`,
      access: "signed-in",
      permission: "settings:manage",
      requestParams: { query: webhookDeliveryListQuerySchema },
      responses: { 200: json("The deliveries", webhookDeliveryListSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/webhooks/{endpointId}/deliveries/resend": {
    requestParams: { path: pathIds("endpointId") },
    post: {
      operationId: "resendFailedWebhookDeliveries",
      summary: "Send again every failed delivery whose event is at least as recent as `since`",
      description: `${MANAGE} Each keeps its webhook-id and gets a new round of retries. Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(resendWebhookDeliveriesSchema),
      responses: { 200: json("How many were queued again", webhookResendResultSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/webhooks/{endpointId}/deliveries/{deliveryId}/resend": {
    requestParams: { path: pathIds("endpointId", "deliveryId") },
    post: {
      operationId: "resendWebhookDelivery",
      summary: "Send one delivery again (delivered or failed)",
      description: `${MANAGE} It keeps its webhook-id. One still pending is a 409: it is being tried.`,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("Queued again", webhookResendResultSchema) },
      errors: [403, 404, 409],
    },
  },
  "/api/admin/webhooks/{endpointId}/test": {
    requestParams: { path: pathIds("endpointId") },
    post: {
      operationId: "sendWebhookTestEvent",
      summary: "Send a webhook.test event to this endpoint",
      description: `${MANAGE} An endpoint that is off is a 409.`,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 202: json("Queued; its delivery shows in the list", z.object({ eventId: z.uuid() })) },
      errors: [403, 404, 409],
    },
  },
});
