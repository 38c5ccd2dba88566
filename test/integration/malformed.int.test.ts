import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { createTenant, testDb, type TestTenant } from "@/test/factories";

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

const ROUTES = [
  "/auth/login",
  "/auth/register",
  "/auth/register-organization",
  "/auth/forgot-password",
  "/auth/reset-password/sometoken",
];
const BAD_BODIES: [string, string][] = [
  ["broken JSON", "{not json"],
  ["an empty body", ""],
  ["a JSON array", "[1,2]"],
  ["a JSON string", '"hello"'],
  ["null", "null"],
  ["wrong types", '{"email": 42, "password": ["x"], "organization": "x", "admin": 1}'],
];

describe("malformed bodies → 400 with the error body, never 500", () => {
  for (const route of ROUTES) {
    for (const [label, body] of BAD_BODIES) {
      it(`POST ${route} with ${label}`, async () => {
        const res = await call(tenant.subdomain, route, {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
        });
        expect(res.status).toBe(400);
        expect(res.json.error.code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
        expect(typeof res.json.error.message).toBe("string");
      });
    }
  }

  it("a missing field is named in the message", async () => {
    const res = await call(tenant.subdomain, "/auth/login", { json: { email: "a@example.test" } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^password: /);
  });

  it("PUT /auth/profile with broken multipart → 400", async () => {
    const user = tenant.users.learner;
    const { json } = await call(tenant.subdomain, "/auth/login", {
      json: { email: user.email, password: user.password },
    });
    const res = await call(tenant.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: json.token,
      body: "garbage",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(res.status).toBe(400);
  });

  it("an /uploads path trying to escape → 404", async () => {
    expect((await call(tenant.subdomain, "/uploads/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});
