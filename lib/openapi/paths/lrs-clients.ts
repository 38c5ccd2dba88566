import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import {
  createdLrsClientSchema,
  createLrsClientSchema,
  lrsClientListSchema,
  lrsClientViewSchema,
} from "@/lib/schemas/lrs-clients";

// app/api/admin/lrs-clients/** (System Settings → LRS clients): the credentials of the organization's
// xAPI endpoint (/xapi/, docs/xapi.md), managed by those who manage API keys.

const MANAGE =
  "Admins of the organization (api-keys:manage), signed in as themselves on its host: an API key never manages LRS clients (403), and the apex has none (404).";

export const lrsClientPaths = definePaths("xAPI", {
  "/api/admin/lrs-clients": {
    get: {
      operationId: "listLrsClients",
      summary: "The organization's LRS clients",
      description: `${MANAGE} Newest first, revoked ones included, each with its key and last use (moved on at most once a minute). Never the secrets.`,
      access: "signed-in",
      permission: "api-keys:manage",
      responses: { 200: json("The clients", lrsClientListSchema) },
      errors: [403, 404],
    },
    post: {
      operationId: "createLrsClient",
      summary: "Create an LRS client",
      description: `${MANAGE} The answer carries \`secret\` (shown this once, stored only as its SHA-256) and \`endpoint\`, the organization's xAPI endpoint: an xAPI client sends \`key:secret\` as HTTP Basic auth there. Audited.`,
      access: "signed-in",
      permission: "api-keys:manage",
      requestBody: jsonBody(createLrsClientSchema),
      responses: { 201: json("The client, its secret and the endpoint", createdLrsClientSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/lrs-clients/{clientId}": {
    requestParams: { path: pathIds("clientId") },
    delete: {
      operationId: "revokeLrsClient",
      summary: "Revoke an LRS client",
      description: `${MANAGE} At once: its next xAPI request is a 401. Revoking a revoked client changes nothing. Another organization's client is a 404. Audited.`,
      access: "signed-in",
      permission: "api-keys:manage",
      responses: { 200: json("The revoked client", lrsClientViewSchema) },
      errors: [403, 404],
    },
  },
});
