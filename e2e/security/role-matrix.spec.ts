import { expect, test } from "@playwright/test";
import { ROUTES } from "@/lib/routes";
import { createSuperadmin, createTenant, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { expectedOutcome, PAGE_ACCESS, WHO, type Who } from "./page-access";

// Every page × every role and anonymous, over HTTP against the real server, against the outcomes written
// out from the specification in ./page-access.ts. A page added to the route table without a row there fails.

let tenant: TestTenant;
let superadmin: TestUser;
const ids: Record<string, string> = {};
const cookies = new Map<Who, string>();

test.beforeAll(async () => {
  tenant = await createTenant();
  superadmin = await createSuperadmin();
  const db = testDb();
  const course = await db.course.create({ data: { organizationId: tenant.id, title: "Matrix course", status: "published" } });
  const mod = await db.module.create({ data: { organizationId: tenant.id, courseId: course.id, title: "M", position: 0 } });
  const lesson = await db.lesson.create({ data: { organizationId: tenant.id, courseId: course.id, moduleId: mod.id, title: "L", kind: "text", position: 0 } });
  // The player pages check enrollment (403 otherwise): the learner takes the course, the instructor teaches it.
  await db.enrollment.create({ data: { organizationId: tenant.id, courseId: course.id, userId: tenant.users.learner.id } });
  await db.courseInstructor.create({ data: { organizationId: tenant.id, courseId: course.id, userId: tenant.users.instructor.id } });
  Object.assign(ids, { courseId: course.id, moduleId: mod.id, lessonId: lesson.id, userId: tenant.users.learner.id, token: "not-a-real-token" });
  for (const who of WHO) {
    if (who === "anonymous") continue;
    const user = who === "superadmin" ? superadmin : tenant.users[who];
    const res = await call(who === "superadmin" ? null : tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    cookies.set(who, `next-auth.session-token=${res.json.token}`);
  }
});

function concretePath(pattern: string): string {
  return pattern.replace(/\/\*$/, "").replace(/\[(\w+)\]/g, (_, name: string) => ids[name] ?? name);
}

test("every page of the route table has a row written from the specification", () => {
  expect(ROUTES.map((r) => r.pattern).filter((p) => !(p in PAGE_ACCESS))).toEqual([]);
  expect(Object.keys(PAGE_ACCESS).filter((p) => !ROUTES.some((r) => r.pattern === p))).toEqual([]);
});

for (const pattern of Object.keys(PAGE_ACCESS)) {
  test(`${pattern} × every role`, async () => {
    const path = concretePath(pattern);
    for (const who of WHO) {
      // The superadmin lives on the apex; everyone else on the tenant's host.
      const res = await call(who === "superadmin" ? null : tenant.subdomain, path, { headers: cookies.has(who) ? { cookie: cookies.get(who)! } : {} });
      const location = typeof res.headers.location === "string" ? new URL(res.headers.location, "http://x").pathname : null;
      const expected = expectedOutcome(pattern, who);
      const label = `${who} GET ${path} (expected ${expected})`;
      switch (expected) {
        case "ok":
          expect(res.status, label).toBe(200);
          break;
        case "absent":
          expect(res.status, label).toBe(404);
          expect(res.text, label).toContain("Page Not Found");
          break;
        case "login":
        case "denied":
        case "dashboard":
        case "reports":
        case "lesson": {
          const target = { login: "/login", denied: "/unauthorized", dashboard: "/dashboard", reports: "/admin/reports", lesson: `/courses/${ids.courseId}/modules/${ids.moduleId}/lessons/${ids.lessonId}` }[expected];
          expect([307, 308], label).toContain(res.status);
          expect(location, label).toBe(target);
          break;
        }
        default:
          throw new Error(`${label}: no expectation`);
      }
    }
  });
}

test("an unknown path is a 404 for everyone", async () => {
  for (const who of WHO) {
    const res = await call(who === "superadmin" ? null : tenant.subdomain, "/definitely/not/a/page", { headers: cookies.has(who) ? { cookie: cookies.get(who)! } : {} });
    expect(res.status, who).toBe(404);
    expect(res.text).toContain("Page Not Found");
  }
});

test("a malformed or foreign course id is a 404 page, not an error", async () => {
  const other = await createTenant();
  const foreign = await testDb().course.create({ data: { organizationId: other.id, title: "Other's course", status: "published" } });
  for (const id of ["not-a-uuid", foreign.id]) {
    const res = await call(tenant.subdomain, `/courses/${id}`, { headers: { cookie: cookies.get("learner")! } });
    expect(res.status, id).toBe(404);
    expect(res.text).toContain("Page Not Found");
  }
});
