import { expect } from "vitest";
import type { Permission } from "@/lib/tenancy/role-permissions";
import { call } from "@/test/http";

// An API key made the way an administrator makes one (POST /api/admin/api-keys with their session), for
// tests that call the API as a key.

export interface TestApiKey {
  id: string;
  name: string;
  secret: string;
}

export async function createTestApiKey(
  subdomain: string,
  adminToken: string,
  scopes: readonly Permission[],
  options: { name?: string; expires_at?: string | null } = {},
): Promise<TestApiKey> {
  const name = options.name ?? `key-${Math.random().toString(36).slice(2, 8)}`;
  const res = await call(subdomain, "/api/admin/api-keys", {
    bearer: adminToken,
    json: { name, scopes, expires_at: options.expires_at ?? null },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json.id, name, secret: res.json.secret };
}
