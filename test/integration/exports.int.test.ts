import { request } from "node:http";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { createCategory, createCourse } from "@/test/course-factories";
import { createSuperadmin, createTenant, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, hostFor, testPort, type TestResponse } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// The CSV exports against a hand-built organization: each kind's header and rows, written out
// here; formula neutralising for cells starting with = + - @ tab CR; the BOM and the download's name;
// who may export, and that nobody exports another organization's data.

let acme: TestTenant;
let globex: TestTenant;
let root: TestUser;
let eve: { id: string; email: string; username: string };
let mia: { id: string; email: string; username: string };
let algebraId: string;
let hyperlinkId: string;
let quizLessonId: string;
const CR_CATEGORY = "\rCR category";
const HYPERLINK = '=HYPERLINK("http://evil.example","x")';
const at = (text: string) => new Date(`${text}Z`);

beforeAll(async () => {
  [acme, globex, root] = await Promise.all([createTenant(), createTenant(), createSuperadmin()]);
  const db = testDb();
  const o = acme.id;
  const person = async (
    prefix: string,
    firstName: string,
    lastName: string,
    status: "active" | "suspended" = "active",
  ) => {
    const username = uniqueName(prefix);
    const email = `${username}@example.test`;
    const user = await db.user.create({
      data: { organizationId: o, role: "learner", email, username, firstName, lastName, passwordHash: "x", status },
    });
    return { id: user.id, email, username };
  };
  // e… and m… sort between admin…, instructor…, learner… and orgadmin… (the database's collation is bytewise).
  eve = await person("eve", "=SUM(A1:A2)", "+Plus");
  mia = await person("mia", "-Minus", "\tTab", "suspended");

  const [north, blue, atTeam] = await Promise.all(
    ["Region North", "Team Blue", "@Team"].map((name) => db.group.create({ data: { organizationId: o, name } })),
  );
  await db.groupMember.createMany({
    data: [
      { organizationId: o, groupId: north!.id, userId: acme.users.learner.id, addedAt: at("2026-03-01T08:00:00") },
      { organizationId: o, groupId: blue!.id, userId: acme.users.learner.id, addedAt: at("2026-03-02T08:00:00") },
      { organizationId: o, groupId: blue!.id, userId: mia.id, addedAt: at("2026-03-03T08:00:00") },
      { organizationId: o, groupId: atTeam!.id, userId: eve.id, addedAt: at("2026-03-04T08:00:00") },
    ],
  });

  const maths = await createCategory(o, "Maths");
  const crCategory = await createCategory(o, CR_CATEGORY);
  const algebra = await createCourse(o, {
    title: "Algebra",
    categoryId: maths.id,
    instructorIds: [acme.users.instructor.id],
    modules: [{ lessons: [{ title: "Intro" }, { title: "Quiz", kind: "scorm" }] }],
  });
  algebraId = algebra.id;
  quizLessonId = algebra.lessons[1]!.id;
  await db.course.update({
    where: { id: algebraId },
    data: {
      allowRetakes: true,
      startsOn: at("2026-09-01T00:00:00"),
      endsOn: at("2026-12-20T00:00:00"),
      createdById: acme.users.admin.id,
      createdAt: at("2026-01-05T09:30:00"),
      publishedAt: at("2026-01-06T10:00:00"),
    },
  });
  const hyperlink = await createCourse(o, {
    title: HYPERLINK,
    status: "draft",
    categoryId: crCategory.id,
    allowSelfEnrollment: false,
    modules: [],
  });
  hyperlinkId = hyperlink.id;
  await db.course.update({
    where: { id: hyperlinkId },
    data: { createdAt: at("2026-01-07T11:00:00"), dueOn: at("2026-10-31T00:00:00") },
  });

  const learnerEnrollment = await db.enrollment.create({
    data: {
      organizationId: o,
      courseId: algebraId,
      userId: acme.users.learner.id,
      status: "completed",
      source: "manual",
      progressPercent: 100,
      enrolledAt: at("2026-02-01T08:00:00"),
      lastAccessedAt: at("2026-02-10T12:00:00"),
      completedAt: at("2026-02-10T12:00:00"),
    },
  });
  const miaEnrollment = await db.enrollment.create({
    data: {
      organizationId: o,
      courseId: algebraId,
      userId: mia.id,
      status: "active",
      source: "group",
      progressPercent: 50,
      enrolledAt: at("2026-02-02T09:15:00"),
      lastAccessedAt: at("2026-02-05T17:45:30"),
    },
  });
  await db.enrollment.create({
    data: {
      organizationId: o,
      courseId: hyperlinkId,
      userId: eve.id,
      status: "withdrawn",
      source: "self",
      progressPercent: 0,
      enrolledAt: at("2026-02-03T10:00:00"),
      withdrawnAt: at("2026-02-04T10:00:00"),
    },
  });

  const pkg = await db.scormPackage.create({
    data: {
      organizationId: o,
      lessonId: quizLessonId,
      version: 1,
      scormVersion: "scorm12",
      title: "Quiz",
      storagePrefix: `scorm/${quizLessonId}/1`,
      launchPath: "index.html",
      manifest: {},
      sizeBytes: 1n,
      fileCount: 1,
    },
  });
  const attempt = { organizationId: o, courseId: algebraId, lessonId: quizLessonId, packageId: pkg.id };
  await db.scormAttempt.createMany({
    data: [
      {
        ...attempt,
        enrollmentId: learnerEnrollment.id,
        attemptNumber: 1,
        completionStatus: "completed",
        successStatus: "failed",
        scoreScaled: 0.4,
        totalTimeSeconds: 600,
        startedAt: at("2026-02-08T10:00:00"),
        lastCommittedAt: at("2026-02-08T10:10:00"),
        completedAt: at("2026-02-08T10:10:00"),
      },
      {
        ...attempt,
        enrollmentId: learnerEnrollment.id,
        attemptNumber: 2,
        completionStatus: "completed",
        successStatus: "passed",
        scoreScaled: 0.85,
        totalTimeSeconds: 3725.4,
        startedAt: at("2026-02-10T11:00:00"),
        lastCommittedAt: at("2026-02-10T12:00:00"),
        completedAt: at("2026-02-10T12:00:00"),
      },
      {
        ...attempt,
        enrollmentId: miaEnrollment.id,
        attemptNumber: 1,
        startedAt: at("2026-02-05T17:40:00"),
        totalTimeSeconds: 59.6,
        completionStatus: "incomplete",
      },
    ],
  });

  // Globex has data of every kind too: none of it may show up in Acme's files.
  const globexCourse = await createCourse(globex.id, { title: "Globex secrets" });
  const globexGroup = await db.group.create({ data: { organizationId: globex.id, name: "Globex group" } });
  await db.groupMember.create({
    data: { organizationId: globex.id, groupId: globexGroup.id, userId: globex.users.learner.id },
  });
  await db.enrollment.create({
    data: { organizationId: globex.id, courseId: globexCourse.id, userId: globex.users.learner.id },
  });
}, 60_000);
afterAll(() => testDb().$disconnect());

async function exportAs(tenant: TestTenant | null, user: TestUser, kind: string, query = ""): Promise<TestResponse> {
  return call(tenant?.subdomain ?? null, `/api/admin/exports/${kind}${query}`, {
    bearer: await cachedSignIn(tenant?.subdomain ?? null, user),
  });
}

/** The file's rows as a spreadsheet reads them (after the BOM). */
function rows(res: TestResponse): string[][] {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return parse(res.body, { bom: true, relax_column_count: false }) as string[][];
}

const tenantUser = (role: "admin" | "instructor" | "learner" | "org_admin", groups = "") => {
  const u = acme.users[role];
  return [u.email, u.firstName, "Tester", u.username, role, "active", groups];
};

describe("each kind's header and rows", () => {
  it("users: the import's columns, one row per person by e-mail, groups joined with ';'", async () => {
    expect(rows(await exportAs(acme, acme.users.admin, "users"))).toEqual([
      ["email", "first_name", "last_name", "username", "role", "status", "groups"],
      tenantUser("admin"),
      [eve.email, "'=SUM(A1:A2)", "'+Plus", eve.username, "learner", "active", "'@Team"],
      tenantUser("instructor"),
      tenantUser("learner", "Region North;Team Blue"),
      [mia.email, "'-Minus", "'\tTab", mia.username, "learner", "suspended", "Team Blue"],
      tenantUser("org_admin"),
    ]);
  });

  it("courses: status, category, instructors, dates and counts, by title", async () => {
    expect(rows(await exportAs(acme, acme.users.admin, "courses"))).toEqual([
      [
        "course_id",
        "title",
        "status",
        "category",
        "instructors",
        "self_enrollment",
        "allow_retakes",
        "starts_on",
        "ends_on",
        "due_on",
        "modules",
        "lessons",
        "enrollments",
        "created_by",
        "created_at",
        "published_at",
      ],
      [
        hyperlinkId,
        `'${HYPERLINK}`,
        "draft",
        `'${CR_CATEGORY}`,
        "",
        "false",
        "false",
        "",
        "",
        "2026-10-31",
        "0",
        "0",
        "1",
        "",
        "2026-01-07 11:00:00",
        "",
      ],
      [
        algebraId,
        "Algebra",
        "published",
        "Maths",
        acme.users.instructor.email,
        "true",
        "true",
        "2026-09-01",
        "2026-12-20",
        "",
        "1",
        "2",
        "2",
        acme.users.admin.email,
        "2026-01-05 09:30:00",
        "2026-01-06 10:00:00",
      ],
    ]);
  });

  it("enrollments: progress and the dates of each, by course then e-mail", async () => {
    expect(rows(await exportAs(acme, acme.users.admin, "enrollments"))).toEqual([
      [
        "email",
        "first_name",
        "last_name",
        "course_id",
        "course",
        "status",
        "source",
        "progress_percent",
        "enrolled_at",
        "last_accessed_at",
        "completed_at",
        "withdrawn_at",
      ],
      [
        eve.email,
        "'=SUM(A1:A2)",
        "'+Plus",
        hyperlinkId,
        `'${HYPERLINK}`,
        "withdrawn",
        "self",
        "0",
        "2026-02-03 10:00:00",
        "",
        "",
        "2026-02-04 10:00:00",
      ],
      [
        acme.users.learner.email,
        "Learner",
        "Tester",
        algebraId,
        "Algebra",
        "completed",
        "manual",
        "100",
        "2026-02-01 08:00:00",
        "2026-02-10 12:00:00",
        "2026-02-10 12:00:00",
        "",
      ],
      [
        mia.email,
        "'-Minus",
        "'\tTab",
        algebraId,
        "Algebra",
        "active",
        "group",
        "50",
        "2026-02-02 09:15:00",
        "2026-02-05 17:45:30",
        "",
        "",
      ],
    ]);
  });

  it("group memberships: by group then e-mail", async () => {
    expect(rows(await exportAs(acme, acme.users.admin, "group-memberships"))).toEqual([
      ["group", "email", "first_name", "last_name", "role", "added_at"],
      ["'@Team", eve.email, "'=SUM(A1:A2)", "'+Plus", "learner", "2026-03-04 08:00:00"],
      ["Region North", acme.users.learner.email, "Learner", "Tester", "learner", "2026-03-01 08:00:00"],
      ["Team Blue", acme.users.learner.email, "Learner", "Tester", "learner", "2026-03-02 08:00:00"],
      ["Team Blue", mia.email, "'-Minus", "'\tTab", "learner", "2026-03-03 08:00:00"],
    ]);
  });

  it("SCORM results: completion, success, score and time of every attempt per learner and lesson", async () => {
    expect(rows(await exportAs(acme, acme.users.admin, "scorm-results"))).toEqual([
      [
        "email",
        "first_name",
        "last_name",
        "course_id",
        "course",
        "lesson_id",
        "lesson",
        "attempt",
        "completion_status",
        "success_status",
        "score_scaled",
        "score_percent",
        "time_seconds",
        "time",
        "started_at",
        "last_committed_at",
        "completed_at",
      ],
      [
        acme.users.learner.email,
        "Learner",
        "Tester",
        algebraId,
        "Algebra",
        quizLessonId,
        "Quiz",
        "1",
        "completed",
        "failed",
        "0.4",
        "40.0",
        "600",
        "00:10:00",
        "2026-02-08 10:00:00",
        "2026-02-08 10:10:00",
        "2026-02-08 10:10:00",
      ],
      [
        acme.users.learner.email,
        "Learner",
        "Tester",
        algebraId,
        "Algebra",
        quizLessonId,
        "Quiz",
        "2",
        "completed",
        "passed",
        "0.85",
        "85.0",
        "3725",
        "01:02:05",
        "2026-02-10 11:00:00",
        "2026-02-10 12:00:00",
        "2026-02-10 12:00:00",
      ],
      [
        mia.email,
        "'-Minus",
        "'\tTab",
        algebraId,
        "Algebra",
        quizLessonId,
        "Quiz",
        "1",
        "incomplete",
        "unknown",
        "",
        "",
        "60",
        "00:01:00",
        "2026-02-05 17:40:00",
        "",
        "",
      ],
    ]);
  });
});

describe("the file itself", () => {
  it("starts with the UTF-8 byte order mark and is a named attachment", async () => {
    const res = await exportAs(acme, acme.users.admin, "enrollments");
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.slice(1, res.text.indexOf("\n"))).toBe(
      "email,first_name,last_name,course_id,course,status,source,progress_percent,enrolled_at,last_accessed_at,completed_at,withdrawn_at",
    );
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="${acme.subdomain}-enrollments-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("quotes what needs quoting: the CR cell, the tab cell and the quotes of a formula", async () => {
    const text = (await exportAs(acme, acme.users.admin, "courses")).text;
    expect(text).toContain(`,"'\rCR category",`);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });
});

describe("values as PostgreSQL sends them", () => {
  it("backslashes, tabs, newlines and accents inside a name come back as they were; a negative score is a number, not a formula", async () => {
    const tenant = await createTenant();
    const db = testDb();
    const name = 'Back\\slash "quoted"\nsecond line\twith tab, Zürich ✓ \\N';
    const group = await db.group.create({ data: { organizationId: tenant.id, name } });
    await db.groupMember.create({
      data: {
        organizationId: tenant.id,
        groupId: group.id,
        userId: tenant.users.learner.id,
        addedAt: at("2026-04-01T08:00:00"),
      },
    });
    const course = await createCourse(tenant.id, {
      title: "-Negative",
      modules: [{ lessons: [{ title: "Quiz", kind: "scorm" }] }],
    });
    const lessonId = course.lessons[0]!.id;
    const enrollment = await db.enrollment.create({
      data: { organizationId: tenant.id, courseId: course.id, userId: tenant.users.learner.id },
    });
    const pkg = await db.scormPackage.create({
      data: {
        organizationId: tenant.id,
        lessonId,
        version: 1,
        scormVersion: "scorm2004_4th",
        title: "Quiz",
        storagePrefix: `scorm/${lessonId}/1`,
        launchPath: "index.html",
        manifest: {},
        sizeBytes: 1n,
        fileCount: 1,
      },
    });
    await db.scormAttempt.create({
      data: {
        organizationId: tenant.id,
        courseId: course.id,
        lessonId,
        packageId: pkg.id,
        enrollmentId: enrollment.id,
        attemptNumber: 1,
        completionStatus: "completed",
        successStatus: "failed",
        scoreScaled: -0.25,
        totalTimeSeconds: 30,
        startedAt: at("2026-04-02T08:00:00"),
      },
    });

    const memberships = await exportAs(tenant, tenant.users.admin, "group-memberships");
    expect(rows(memberships)).toEqual([
      ["group", "email", "first_name", "last_name", "role", "added_at"],
      [name, tenant.users.learner.email, "Learner", "Tester", "learner", "2026-04-01 08:00:00"],
    ]);
    // The exports' lines end with LF, as they always have.
    expect(memberships.text).toContain(`,learner,2026-04-01 08:00:00\n`);
    expect(memberships.text).not.toContain("\r\n");

    const [, result] = rows(await exportAs(tenant, tenant.users.admin, "scorm-results"));
    expect(result!.slice(4, 13)).toEqual([
      "'-Negative",
      lessonId,
      "Quiz",
      "1",
      "completed",
      "failed",
      "-0.25",
      "-25.0",
      "30",
    ]);
  });
});

describe("who may export, and from where", () => {
  it("instructors, org admins and learners are refused with a 403 saying who may; nobody signed in gets a 401", async () => {
    for (const role of ["instructor", "org_admin", "learner"] as const) {
      const res = await exportAs(acme, acme.users[role], "users");
      expect(res.status, role).toBe(403);
      expect(res.json.error.message).toBe("Only administrators can export the organization's data");
    }
    expect((await call(acme.subdomain, "/api/admin/exports/users")).status).toBe(401);
  });

  it("an admin of Globex exports Globex only; naming Acme's organization is a 404", async () => {
    const own = rows(await exportAs(globex, globex.users.admin, "enrollments", `?organization_id=${globex.id}`));
    expect(own.slice(1).map((r) => r[0])).toEqual([globex.users.learner.email]);
    for (const kind of ["users", "courses", "enrollments", "group-memberships", "scorm-results"]) {
      const res = await exportAs(globex, globex.users.admin, kind, `?organization_id=${acme.id}`);
      expect(res.status, kind).toBe(404);
      expect(res.json.error.message).toBe("Organization not found");
      const file = (await exportAs(globex, globex.users.admin, kind)).text;
      expect(file, kind).not.toContain(acme.users.learner.email);
      expect(file, kind).not.toContain("Algebra");
    }
    const users = rows(await exportAs(globex, globex.users.admin, "users"));
    expect(
      users
        .slice(1)
        .map((r) => r[4])
        .sort(),
    ).toEqual(["admin", "instructor", "learner", "org_admin"]);
  });

  it("an admin's token is nobody on another organization's host", async () => {
    const token = await cachedSignIn(globex.subdomain, globex.users.admin);
    expect((await call(acme.subdomain, "/api/admin/exports/users", { bearer: token })).status).toBe(401);
  });

  it("the superadmin picks the organization, or exports every organization from the apex", async () => {
    const picked = rows(await exportAs(null, root, "group-memberships", `?organization_id=${acme.id}`));
    expect(picked.slice(1).map((r) => r[0])).toEqual(["'@Team", "Region North", "Team Blue", "Team Blue"]);
    const named = await exportAs(null, root, "courses", `?organization_id=${acme.id}`);
    expect(named.headers["content-disposition"]).toBe(
      `attachment; filename="${acme.subdomain}-courses-${new Date().toISOString().slice(0, 10)}.csv"`,
    );

    const every = await exportAs(null, root, "enrollments");
    expect(every.headers["content-disposition"]).toBe(
      `attachment; filename="all-organizations-enrollments-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const all = rows(every);
    expect(all[0]![0]).toBe("organization");
    expect(all.filter((r) => r[0] === acme.subdomain).map((r) => r[1])).toEqual([
      eve.email,
      acme.users.learner.email,
      mia.email,
    ]);
    expect(all.filter((r) => r[0] === globex.subdomain).map((r) => r[1])).toEqual([globex.users.learner.email]);

    expect((await exportAs(null, root, "users", "?organization_id=00000000-0000-7000-8000-000000000000")).status).toBe(
      404,
    );
  });

  it("a malformed organization id is a 400; other methods are 405", async () => {
    const res = await exportAs(acme, acme.users.admin, "users", "?organization_id=acme");
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.organization_id).toBeDefined();
    const post = await call(acme.subdomain, "/api/admin/exports/users", {
      method: "POST",
      bearer: await cachedSignIn(acme.subdomain, acme.users.admin),
    });
    expect(post.status).toBe(405);
  });
});

describe("a reader that goes away", () => {
  it("leaves no COPY running and no connection taken: twelve abandoned downloads (more than the pool's ten) and the next export still answers", async () => {
    const big = await createTenant();
    // 30,000 people: a file of ~2 MB, far more than the first piece the server reads before answering.
    await queryRows(
      Prisma.sql`INSERT INTO "User" (id, "organizationId", role, "firstName", "lastName", username, email, "passwordHash", "updatedAt")
       SELECT gen_random_uuid(), ${big.id}::uuid, 'learner', 'First' || i, 'Last' || i, 'bulk' || i, 'bulk' || i || '@example.test', 'x', now()
         FROM generate_series(1, 30000) AS i`,
      testDb(),
    );
    const token = await cachedSignIn(big.subdomain, big.users.admin);
    const abandon = () =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: testPort(),
            path: "/api/admin/exports/users",
            headers: { host: hostFor(big.subdomain), authorization: `Bearer ${token}` },
          },
          (res) => {
            res.once("data", () => {
              resolve(res.statusCode ?? 0);
              req.destroy();
            });
          },
        );
        req.on("error", () => undefined);
        req.once("timeout", () => reject(new Error("no answer")));
        req.end();
      });
    expect(await Promise.all(Array.from({ length: 12 }, abandon))).toEqual(Array(12).fill(200));
    const copies = () =>
      queryRows<{ n: number }>(
        Prisma.sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND query LIKE 'COPY (SELECT%'`,
        testDb(),
      );
    await expect.poll(async () => (await copies())[0]?.n, { timeout: 15_000 }).toBe(0);
    const whole = rows(await exportAs(big, big.users.admin, "users"));
    expect(whole).toHaveLength(1 + 4 + 30_000);
  }, 60_000);
});
