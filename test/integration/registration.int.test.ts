import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/test/http";

const uniqueSuffix = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 9)}`;
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";

let open: TestTenant;
let closed: TestTenant;

beforeAll(async () => {
  [open, closed] = await Promise.all([
    createTenant({ allowSelfRegistration: true }),
    createTenant({ allowSelfRegistration: false }),
  ]);
});
afterAll(() => testDb().$disconnect());

const person = () => ({
  first_name: "Rita",
  last_name: "Register",
  email: `${uniqueName("rita")}@example.test`,
  password: "long-enough-1",
});

describe("POST /auth/register", () => {
  it("creates a learner in the host's organization and returns a working token", async () => {
    const input = person();
    const res = await call(open.subdomain, "/auth/register", { json: input });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({
      role: "learner",
      email: input.email,
      first_name: "Rita",
      organization_id: open.id,
    });
    expect(res.json.organization.id).toBe(open.id);
    expect((await call(open.subdomain, "/auth/profile", { bearer: res.json.token })).status).toBe(200);
  });

  it("the same email twice → 409", async () => {
    const input = person();
    expect((await call(open.subdomain, "/auth/register", { json: input })).status).toBe(201);
    const again = await call(open.subdomain, "/auth/register", { json: input });
    expect(again.status).toBe(409);
    expect(again.json.error.fieldErrors.email).toBeDefined();
  });

  it("an organization that does not allow self-registration → 403", async () => {
    const res = await call(closed.subdomain, "/auth/register", { json: person() });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/does not allow self-registration/);
  });

  it("on the apex → 400", async () => {
    expect((await call(null, "/auth/register", { json: person() })).status).toBe(400);
  });

  it("a short password → 400 naming the field", async () => {
    const res = await call(open.subdomain, "/auth/register", { json: { ...person(), password: "short" } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^password: /);
    expect(res.json.error.fieldErrors.password).toBeDefined();
  });
});

describe("POST /auth/register-organization", () => {
  const body = (subdomain: string) => ({
    organization: { name: "New Org", subdomain },
    admin: {
      first_name: "Nora",
      last_name: "Neworg",
      email: `${uniqueName("nora")}@example.test`,
      password: "long-enough-1",
    },
  });

  it("creates the tenant and its org_admin; the token works on the new subdomain only", async () => {
    const subdomain = uniqueSuffix("neworg");
    const res = await call(null, "/auth/register-organization", { json: body(subdomain) });
    expect(res.status).toBe(201);
    expect(res.json.organization).toMatchObject({ subdomain, name: "New Org", status: "active" });
    expect(res.json.admin).toMatchObject({ role: "org_admin", first_name: "Nora" });
    expect((await call(subdomain, "/auth/profile", { bearer: res.json.token })).status).toBe(200);
    expect((await call(null, "/auth/profile", { bearer: res.json.token })).status).toBe(401);
  });

  it("a taken subdomain → 409", async () => {
    const res = await call(null, "/auth/register-organization", { json: body(open.subdomain) });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("This subdomain is already taken");
  });

  it.each(["www", "api", "admin", "app", "mail", "static"])("the reserved subdomain '%s' → 400", async (reserved) => {
    const res = await call(null, "/auth/register-organization", { json: body(reserved) });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("reserved");
  });

  it("a subdomain breaking DNS label rules → 400", async () => {
    const res = await call(null, "/auth/register-organization", { json: body("-bad_name-") });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors["organization.subdomain"]).toBeDefined();
  });
});
