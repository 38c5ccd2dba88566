import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRACE_PREFIX } from "@/scripts/bench/trace-sql";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import { createCategory, createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createSuperadmin, createTenant, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { signIn } from "@/test/session";

// What a page costs in SQL, counted on an app server of its own that prints every statement it sends
// (TRACE_SQL, scripts/bench/trace-sql.ts). A page reads its caller with everything the shell shows in
// one statement and its own data in one more (docs/architecture.md "One read per page"): a change that
// adds a statement to one of these pages fails here.

const PORT = testPort() + 78;

let child: AppServerChild;
let tenant: TestTenant;
let course: TestCourse;
let superadmin: TestUser;
const tokens = new Map<TestUser, string>();

beforeAll(async () => {
  [child, tenant, superadmin] = await Promise.all([
    startAppServerChild(PORT, { TRACE_SQL: "true" }),
    createTenant(),
    createSuperadmin(),
  ]);
  const category = await createCategory(tenant.id);
  course = await createCourse(tenant.id, {
    categoryId: category.id,
    instructorIds: [tenant.users.instructor.id],
    modules: [{ lessons: [{}, {}] }, { lessons: [{}] }],
  });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  await Promise.all(
    [tenant.users.learner, tenant.users.admin, tenant.users.instructor].map(async (user) =>
      tokens.set(user, await signIn(tenant.subdomain, user)),
    ),
  );
  tokens.set(superadmin, await signIn(null, superadmin));
}, 90_000);

afterAll(async () => {
  child?.process.kill("SIGKILL");
  await testDb().$disconnect();
});

/** The statements the server sent for one page request (asked twice: the first may warm things up). */
async function statementsOf(subdomain: string | null, user: TestUser, path: string): Promise<string[]> {
  const cookie = `next-auth.session-token=${tokens.get(user)}`;
  let statements: string[] = [];
  for (let visit = 0; visit < 2; visit++) {
    const from = child.lines.length;
    const res = await call(subdomain, path, { port: PORT, headers: { cookie } });
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    await quiet();
    statements = child.lines
      .slice(from)
      .filter((line) => line.startsWith(TRACE_PREFIX))
      .map((line) => (JSON.parse(line.slice(TRACE_PREFIX.length)) as { text: string }).text);
  }
  return statements;
}

/** Until the child has printed nothing new for a while: its lines travel through a pipe, after the answer. */
async function quiet(): Promise<void> {
  let seen = -1;
  while (seen !== child.lines.length) {
    seen = child.lines.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// The caller with the shell's facts, then the page's own statement (none for what came with the caller).
describe("statements per page", () => {
  it("/dashboard as a learner", async () => {
    const statements = await statementsOf(tenant.subdomain, tenant.users.learner, "/dashboard");
    expect(statements, statements.join("\n\n")).toHaveLength(2);
  });

  it("/courses/{id} as a learner", async () => {
    const statements = await statementsOf(tenant.subdomain, tenant.users.learner, `/courses/${course.id}`);
    expect(statements, statements.join("\n\n")).toHaveLength(2);
  });

  it("a text lesson as a learner", async () => {
    const lesson = course.lessons[1]!;
    const path = `/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`;
    const statements = await statementsOf(tenant.subdomain, tenant.users.learner, path);
    expect(statements, statements.join("\n\n")).toHaveLength(2);
  });

  it("/admin/settings as the organization's administrator", async () => {
    const statements = await statementsOf(tenant.subdomain, tenant.users.admin, "/admin/settings");
    expect(statements, statements.join("\n\n")).toHaveLength(2);
  });

  it("/admin/settings as an instructor (the teaching settings)", async () => {
    const statements = await statementsOf(tenant.subdomain, tenant.users.instructor, "/admin/settings");
    expect(statements, statements.join("\n\n")).toHaveLength(1);
  });

  it("/admin/settings as the superadmin (the platform defaults)", async () => {
    const statements = await statementsOf(null, superadmin, "/admin/settings");
    expect(statements, statements.join("\n\n")).toHaveLength(2);
  });

  it("/admin/reports as the organization's administrator: the caller, the overview, the filter bar's categories", async () => {
    const statements = await statementsOf(tenant.subdomain, tenant.users.admin, "/admin/reports");
    expect(statements, statements.join("\n\n")).toHaveLength(3);
  });

  it("/admin/settings/audit as the organization's administrator", async () => {
    const statements = await statementsOf(tenant.subdomain, tenant.users.admin, "/admin/settings/audit");
    expect(statements, statements.join("\n\n")).toHaveLength(1);
  });
});
