import type { ApiOutcome } from "./api-access";

// What an API key of organization A may call on A's host, written out from docs/permissions.md "API keys"
// and docs/api.md "API keys", per key: `full` holds every scope the admin may give a key (everything of
// the admin's but a person's own things, pages, imports and exports, and keys themselves); `reports`
// holds reports:read and reports:read:any only. A key is no credential outside /api (the account routes:
// 401); it never manages keys (403).

export type ApiKeyRow = readonly [full: ApiOutcome, reports: ApiOutcome];

export const API_KEY_ACCESS: Record<string, ApiKeyRow> = {};
