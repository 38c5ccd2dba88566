import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { createSuperadmin, createTenant, createUser, type TestTenant, type TestUser } from "@/test/factories";

let tenant: TestTenant;
let superadmin: TestUser;

beforeAll(async () => {
  tenant = await createTenant();
  superadmin = await createSuperadmin();
});

const expectedRedirect = {
  learner: "/dashboard",
  org_admin: "/dashboard",
  admin: "/admin/reports",
  instructor: "/admin/reports",
} as const;

describe("POST /auth/login", () => {
  for (const role of ["learner", "instructor", "admin", "org_admin"] as const) {
    it(`as ${role} → token, user, organization and redirectPath ${expectedRedirect[role]}`, async () => {
      const user = tenant.users[role];
      const res = await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
      expect(res.status).toBe(200);
      expect(typeof res.json.token).toBe("string");
      expect(res.json.user).toMatchObject({
        id: user.id,
        role,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        avatar_url: null,
      });
      expect(res.json.user.password_hash).toBeUndefined();
      expect(res.json.user.passwordHash).toBeUndefined();
      expect(res.json.organization).toMatchObject({ id: tenant.id, subdomain: tenant.subdomain, status: "active" });
      expect(res.json.redirectPath).toBe(expectedRedirect[role]);
    });
  }

  it("as superadmin on the apex → token without organization", async () => {
    const res = await call(null, "/auth/login", { json: { email: superadmin.email, password: superadmin.password } });
    expect(res.status).toBe(200);
    expect(res.json.user.role).toBe("superadmin");
    expect(res.json.organization).toBeNull();
    expect(res.json.redirectPath).toBe("/dashboard");
  });

  it("superadmin on a tenant host → 401 (the apex is its home)", async () => {
    const res = await call(tenant.subdomain, "/auth/login", {
      json: { email: superadmin.email, password: superadmin.password },
    });
    expect(res.status).toBe(401);
  });

  it("wrong password → 401 with a clear message", async () => {
    const res = await call(tenant.subdomain, "/auth/login", {
      json: { email: tenant.users.learner.email, password: "wrong-password" },
    });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatchObject({ code: "UNAUTHENTICATED", message: "Invalid email or password" });
  });

  it("email is case-insensitive", async () => {
    const user = tenant.users.learner;
    const res = await call(tenant.subdomain, "/auth/login", {
      json: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
  });

  it("a deactivated (suspended) user → 403 after a correct password", async () => {
    const suspended = await createUser(tenant.id, "learner", { status: "suspended" });
    const res = await call(tenant.subdomain, "/auth/login", {
      json: { email: suspended.email, password: suspended.password },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe("This account has been deactivated. Contact your administrator.");
  });

  it("a suspended organization cannot sign in", async () => {
    const frozen = await createTenant({ status: "suspended" });
    const user = frozen.users.admin;
    const res = await call(frozen.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/organization is suspended/);
  });

  it("an unknown subdomain → 404", async () => {
    const res = await call("nosuchorg", "/auth/login", { json: { email: "a@b.co", password: "whatever1" } });
    expect(res.status).toBe(404);
  });
});

describe("bearer token on /api and /auth", () => {
  it("GET /auth/profile with the token → profile with role, avatar_url and organization", async () => {
    const user = tenant.users.instructor;
    const { json } = await call(tenant.subdomain, "/auth/login", {
      json: { email: user.email, password: user.password },
    });
    const res = await call(tenant.subdomain, "/auth/profile", { bearer: json.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: user.id,
      role: "instructor",
      avatar_url: null,
      organization: { id: tenant.id },
    });
  });

  it("GET /api/messages/unread-count with the token → { unreadCount: 0 }", async () => {
    const user = tenant.users.learner;
    const { json } = await call(tenant.subdomain, "/auth/login", {
      json: { email: user.email, password: user.password },
    });
    const res = await call(tenant.subdomain, "/api/messages/unread-count", { bearer: json.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unreadCount: 0 });
  });

  it("no token → 401; a forged token → 401", async () => {
    expect((await call(tenant.subdomain, "/auth/profile")).status).toBe(401);
    expect((await call(tenant.subdomain, "/api/messages/unread-count", { bearer: "not.a.token" })).status).toBe(401);
  });
});

afterAll(async () => {
  const { testDb } = await import("@/test/factories");
  await testDb().$disconnect();
});
