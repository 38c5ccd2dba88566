import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// /admin/thumbnail-debug, the tool page of Course Management (docs/permissions.md "Thumbnail debug"): open
// to whoever may edit courses, it lists only the courses the viewer edits, as Course Management does.

let tenant: TestTenant;
let mine: string;
let theirs: string;
beforeAll(async () => {
  tenant = await createTenant();
  const colleague = await createUser(tenant.id, "instructor");
  [mine, theirs] = [uniqueName("Mine "), uniqueName("Theirs ")];
  await createCourse(tenant.id, { title: mine, instructorIds: [tenant.users.instructor.id] });
  await createCourse(tenant.id, { title: theirs, status: "published", instructorIds: [colleague.id] });
});
afterAll(() => testDb().$disconnect());

const page = async (role: "instructor" | "org_admin" | "learner") => {
  const token = await cachedSignIn(tenant.subdomain, tenant.users[role]);
  return call(tenant.subdomain, "/admin/thumbnail-debug", { headers: { cookie: `next-auth.session-token=${token}` } });
};

describe("GET /admin/thumbnail-debug", () => {
  it("shows an instructor the courses they teach, not a colleague's (published or not)", async () => {
    const res = await page("instructor");
    expect(res.status).toBe(200);
    expect(res.text).toContain(mine);
    expect(res.text).not.toContain(theirs);
  });

  it("shows an org admin every course of the organization", async () => {
    const res = await page("org_admin");
    expect(res.status).toBe(200);
    expect(res.text).toContain(mine);
    expect(res.text).toContain(theirs);
  });

  it("sends a learner to /unauthorized", async () => {
    const res = await page("learner");
    expect([307, 308]).toContain(res.status);
    expect(new URL(String(res.headers.location), "http://x").pathname).toBe("/unauthorized");
  });
});
