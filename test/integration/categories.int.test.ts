import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { signIn } from "@/test/session";

let acme: TestTenant;
let other: TestTenant;
let admin: string;
beforeAll(async () => {
  [acme, other] = await Promise.all([createTenant(), createTenant()]);
  admin = await signIn(acme.subdomain, acme.users.org_admin);
});
afterAll(() => testDb().$disconnect());

describe("categories", () => {
  it("an org admin creates one; its name is unique regardless of case (409)", async () => {
    const name = uniqueName("Safety ");
    const res = await call(acme.subdomain, "/api/categories", {
      bearer: admin,
      json: { name, description: "Work safely" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name, description: "Work safely", course_count: 0 });
    const again = await call(acme.subdomain, "/api/categories", { bearer: admin, json: { name: name.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.json.error.fieldErrors.name).toBeDefined();
  });

  it("instructors and learners → 403; an empty name → 400", async () => {
    const instructor = await signIn(acme.subdomain, acme.users.instructor);
    expect((await call(acme.subdomain, "/api/categories", { bearer: instructor, json: { name: "X" } })).status).toBe(
      403,
    );
    expect((await call(acme.subdomain, "/api/categories", { bearer: admin, json: { name: "" } })).status).toBe(400);
  });

  it("are listed publicly per organization with their course counts", async () => {
    const category = await testDb().category.create({ data: { organizationId: acme.id, name: uniqueName("Listed ") } });
    await testDb().course.create({ data: { organizationId: acme.id, title: "In it", categoryId: category.id } });
    const list = await call(acme.subdomain, "/api/categories");
    expect(list.status).toBe(200);
    expect(list.json.items.find((c: { id: string }) => c.id === category.id)).toMatchObject({ course_count: 1 });
    const elsewhere = await call(other.subdomain, "/api/categories");
    expect(elsewhere.json.items.some((c: { id: string }) => c.id === category.id)).toBe(false);
  });

  it("are renamed, and deleted only when no course uses them (409 otherwise)", async () => {
    const used = await testDb().category.create({ data: { organizationId: acme.id, name: uniqueName("Used ") } });
    await testDb().course.create({ data: { organizationId: acme.id, title: "Uses it", categoryId: used.id } });
    const refused = await call(acme.subdomain, `/api/categories/${used.id}`, { method: "DELETE", bearer: admin });
    expect(refused.status).toBe(409);
    const free = await testDb().category.create({ data: { organizationId: acme.id, name: uniqueName("Free ") } });
    const renamed = await call(acme.subdomain, `/api/categories/${free.id}`, {
      method: "PATCH",
      bearer: admin,
      json: { name: "Renamed category" },
    });
    expect(renamed.json.name).toBe("Renamed category");
    expect((await call(acme.subdomain, `/api/categories/${free.id}`, { method: "DELETE", bearer: admin })).status).toBe(
      204,
    );
  });

  it("another organization's category → 404 for updates and deletes", async () => {
    const foreign = await testDb().category.create({ data: { organizationId: other.id, name: uniqueName("Theirs ") } });
    expect(
      (
        await call(acme.subdomain, `/api/categories/${foreign.id}`, {
          method: "PATCH",
          bearer: admin,
          json: { name: "Mine" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(acme.subdomain, `/api/categories/${foreign.id}`, { method: "DELETE", bearer: admin })).status,
    ).toBe(404);
    expect((await testDb().category.findUnique({ where: { id: foreign.id } }))?.name).toBe(foreign.name);
  });
});
