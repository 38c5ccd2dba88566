import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { outcomes, uploadAndDryRun, type As } from "@/test/imports";
import { cachedSignIn } from "@/test/session";

// The round trip: the users export (GET /api/admin/exports/users) imports back with no
// change reported — its BOM, its ';'-joined groups and its neutralised formula cells included.

let tenant: TestTenant;
let admin: As;
beforeAll(async () => {
  tenant = await createTenant();
  admin = { subdomain: tenant.subdomain, bearer: await cachedSignIn(tenant.subdomain, tenant.users.admin) };
  const db = testDb();
  const [alpha, beta] = await Promise.all(
    ["Alpha", "Beta"].map((name) => db.group.create({ data: { organizationId: tenant.id, name } })),
  );
  await db.groupMember.createMany({
    data: [
      { organizationId: tenant.id, groupId: alpha!.id, userId: tenant.users.learner.id },
      { organizationId: tenant.id, groupId: beta!.id, userId: tenant.users.learner.id },
      { organizationId: tenant.id, groupId: beta!.id, userId: tenant.users.instructor.id },
    ],
  });
  await createUser(tenant.id, "learner", { firstName: "=Eve", status: "suspended" });
});
afterAll(() => testDb().$disconnect());

describe("an exported users file", () => {
  it("imports back with every row unchanged", async () => {
    const exported = await call(tenant.subdomain, "/api/admin/exports/users", { bearer: admin.bearer });
    expect(exported.status).toBe(200);
    expect(exported.text.startsWith("\uFEFF")).toBe(true);
    const imported = await uploadAndDryRun(admin, exported.body);
    expect(imported.mapping).toMatchObject({
      email: 0,
      first_name: 1,
      last_name: 2,
      username: 3,
      role: 4,
      status: 5,
      groups: 6,
    });
    expect(imported.check).toEqual({ checked_at: expect.any(String), create: 0, update: 0, unchanged: 5, reject: 0 });
    expect(Object.values(await outcomes(admin, imported.id))).toEqual([
      ["unchanged", null],
      ["unchanged", null],
      ["unchanged", null],
      ["unchanged", null],
      ["unchanged", null],
    ]);
  });
});
