import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import {
  apiKeyListSchema,
  apiKeyViewSchema,
  createApiKeySchema,
  createdApiKeySchema,
  listApiKeysQuerySchema,
} from "@/lib/schemas/api-keys";

// app/api/admin/api-keys/** (System Settings → API keys): the organization's keys for machines.

const MANAGE =
  "Admins of the organization (api-keys:manage), signed in as themselves on its host: an API key never manages keys (403), and the apex has none (404).";

export const apiKeyPaths = definePaths("Settings", {
  "/api/admin/api-keys": {
    get: {
      operationId: "listApiKeys",
      summary: "The organization's API keys",
      description: `${MANAGE} Newest first, revoked and expired ones included, each with its last use (moved on at most once a minute). Never the secrets. \`grantable_scopes\`: what the caller may give a new key.`,
      access: "signed-in",
      permission: "api-keys:manage",
      requestParams: { query: listApiKeysQuerySchema },
      responses: { 200: json("A page of keys", apiKeyListSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createApiKey",
      summary: "Create an API key",
      description: `${MANAGE} Each scope must be one a key may hold (a person's own things, pages, the platform's permissions, imports and keys themselves are not) and one the caller holds (else 403). \`expires_at\` in the past is a 400. The answer carries \`secret\`, shown this once and stored only as its SHA-256. Audited.`,
      access: "signed-in",
      permission: "api-keys:manage",
      requestBody: jsonBody(createApiKeySchema),
      responses: { 201: json("The key and its secret", createdApiKeySchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/api-keys/{keyId}": {
    requestParams: { path: pathIds("keyId") },
    delete: {
      operationId: "revokeApiKey",
      summary: "Revoke an API key",
      description: `${MANAGE} At once: the next request with it, on any node, is a 401. Revoking a revoked key changes nothing. Another organization's key is a 404. Audited.`,
      access: "signed-in",
      permission: "api-keys:manage",
      responses: { 200: json("The revoked key", apiKeyViewSchema) },
      errors: [403, 404],
    },
  },
});
