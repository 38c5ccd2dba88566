import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { outcomes, runImport, uploadAndDryRun, type As } from "@/test/imports";
import { cachedSignIn, callAs } from "@/test/session";

// The users import's completed_on column: an organization moving from another LMS brings the day each
// person completed a course there. The run enrolls them, completes the enrollment on that day (its
// lessons too), and the course's certificate is issued by the one issuing path, dated that day and
// expiring after the course's validity. The dry run says so row by row and refuses bad dates, unknown
// courses (another organization's included); a second import of the same file completes nothing twice.

let acme: TestTenant;
let globex: TestTenant;
let admin: As;
let fire: TestCourse;
let ethics: TestCourse;
let intro: TestCourse;
let policies: TestCourse;
let empty: TestCourse;
let globexTitle: string;
let lena: TestUser;
let templateId: string;

async function certify(course: TestCourse, validityMonths: number | null) {
  const set = await callAs(acme.subdomain, acme.users.instructor, `/api/courses/${course.id}/certificate`, {
    method: "PUT",
    json: {
      template_id: templateId,
      validity_months: validityMonths,
      reminder_days: 30,
      recertify_automatically: false,
    },
  });
  expect(set.status, set.text).toBe(200);
}

beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  admin = { subdomain: acme.subdomain, bearer: await cachedSignIn(acme.subdomain, acme.users.admin) };
  const template = await callAs(acme.subdomain, acme.users.instructor, "/api/certificate-templates", {
    method: "POST",
    json: { name: "Completion", design: DEFAULT_DESIGN },
  });
  expect(template.status, template.text).toBe(201);
  templateId = template.json.id;
  const taught = { instructorIds: [acme.users.instructor.id] };
  const suffix = uniqueName(" ");
  // Two required lessons and an optional one: a completion completes the two required.
  fire = await createCourse(acme.id, {
    ...taught,
    title: `Fire safety${suffix}`,
    modules: [{ lessons: [{ title: "Exits" }, { title: "Extinguishers" }, { title: "Extra", isRequired: false }] }],
  });
  ethics = await createCourse(acme.id, { ...taught, title: `Ethics${suffix}`, modules: [{ lessons: [{}] }] });
  intro = await createCourse(acme.id, { ...taught, title: `Intro${suffix}`, modules: [{ lessons: [{}, {}] }] });
  policies = await createCourse(acme.id, { ...taught, title: `Policies${suffix}`, modules: [{ lessons: [{}] }] });
  empty = await createCourse(acme.id, { ...taught, title: `Empty${suffix}`, modules: [] });
  await certify(fire, 240);
  await certify(ethics, 12);
  await certify(policies, null);
  globexTitle = `Globex course${suffix}`;
  await createCourse(globex.id, { title: globexTitle });

  // Lena is here already: enrolled in Intro, its first lesson half done.
  lena = await createUser(acme.id, "learner", { firstName: "Lena" });
  const enrollment = await enroll(acme.id, intro.id, lena.id);
  await testDb().lessonProgress.create({
    data: {
      organizationId: acme.id,
      courseId: intro.id,
      enrollmentId: enrollment.id,
      lessonId: intro.lessons[0]!.id,
      status: "in_progress",
    },
  });
});
afterAll(() => testDb().$disconnect());

const at = (text: string) => new Date(`${text}Z`);

describe("users import with completion dates", () => {
  const nia = `${uniqueName("nia")}@example.test`;
  const noa = `${uniqueName("noa")}@example.test`;
  let file: string;

  it("dry-runs each row: what it completes and the certificate it issues, or why it is refused", async () => {
    file = [
      "email,first_name,last_name,course,completed_on",
      `${nia},Nia,One,${fire.title},2025-03-02`, // 1
      `${noa},Noa,Two,${ethics.title};${intro.title};${policies.id},2024-05-06;;2025-01-15 08:30:00`, // 2
      `${lena.email},Lena,${lena.lastName},${intro.title},2025-09-09`, // 3
      `${uniqueName("bad")}@example.test,Bad,Date,${fire.title},31/12/2024`, // 4
      `${uniqueName("bad")}@example.test,Bad,Future,${fire.title},2099-01-01`, // 5
      `${uniqueName("bad")}@example.test,Bad,Course,Nowhere,2025-01-01`, // 6
      `${uniqueName("bad")}@example.test,Bad,Other,${globexTitle},2025-01-01`, // 7
      `${uniqueName("bad")}@example.test,Bad,Nocourse,,2025-01-01`, // 8
      `${uniqueName("bad")}@example.test,Bad,Empty,${empty.title},2025-01-01`, // 9
      `${uniqueName("bad")}@example.test,Bad,Count,${fire.title};${ethics.title};${intro.title},2025-01-01;2025-01-02`, // 10
    ].join("\n");
    const imported = await uploadAndDryRun(admin, `${file}\n`);
    expect(imported.status).toBe("checked");
    expect(imported.mapping).toMatchObject({ courses: 3, completed_on: 4 });
    expect(await outcomes(admin, imported.id)).toEqual({
      1: ["create", `Completes ${fire.title} on 2025-03-02 (certificate valid until 2045-03-02)`],
      2: [
        "create",
        `Completes ${ethics.title} on 2024-05-06 (certificate expired on 2025-05-06), ${policies.title} on 2025-01-15 (certificate)`,
      ],
      3: ["update", `Changes completions; completes ${intro.title} on 2025-09-09`],
      4: ["reject", "Invalid completion date '31/12/2024': write it as YYYY-MM-DD"],
      5: ["reject", "The completion date 2099-01-01 is in the future"],
      6: ["reject", "Unknown course 'Nowhere'"],
      7: ["reject", `Unknown course '${globexTitle}'`],
      8: ["reject", "A completion date needs a course: name the course in the courses column"],
      9: ["reject", `The course '${empty.title}' has no lessons: there is nothing to complete`],
      10: [
        "reject",
        "2 completion dates for 3 courses: give one date for all of them, or one per course in the same order",
      ],
    });
    expect(imported.check).toMatchObject({ create: 2, update: 1, unchanged: 0, reject: 7 });
    // The dry run applies nothing.
    expect(await testDb().user.count({ where: { organizationId: acme.id, email: { in: [nia, noa] } } })).toBe(0);
    expect(await testDb().certificate.count({ where: { organizationId: acme.id } })).toBe(0);

    const done = await runImport(admin, imported.id);
    expect(done.status).toBe("completed");
    expect(done.run).toMatchObject({ created: 2, updated: 1, unchanged: 0, rejected: 7, failed: 0 });
  });

  it("enrolls and completes on the given day, and issues the certificate dated then, expiring after the validity", async () => {
    const db = testDb();
    const user = (email: string) => db.user.findFirstOrThrow({ where: { organizationId: acme.id, email } });
    const [niaUser, noaUser] = await Promise.all([user(nia), user(noa)]);
    const enrollments = await db.enrollment.findMany({
      where: { organizationId: acme.id, userId: { in: [niaUser.id, noaUser.id, lena.id] } },
      select: {
        userId: true,
        courseId: true,
        status: true,
        progressPercent: true,
        enrolledAt: true,
        completedAt: true,
        source: true,
        round: true,
      },
    });
    const of = (userId: string, courseId: string) =>
      enrollments.find((e) => e.userId === userId && e.courseId === courseId);
    expect(of(niaUser.id, fire.id)).toMatchObject({
      status: "completed",
      progressPercent: 100,
      enrolledAt: at("2025-03-02T00:00:00"),
      completedAt: at("2025-03-02T00:00:00"),
      source: "manual",
      round: 1,
    });
    expect(of(noaUser.id, ethics.id)).toMatchObject({ status: "completed", completedAt: at("2024-05-06T00:00:00") });
    expect(of(noaUser.id, policies.id)).toMatchObject({ status: "completed", completedAt: at("2025-01-15T08:30:00") });
    // An empty date: an enrollment only.
    expect(of(noaUser.id, intro.id)).toMatchObject({ status: "active", progressPercent: 0, completedAt: null });
    expect(of(lena.id, intro.id)).toMatchObject({
      status: "completed",
      progressPercent: 100,
      completedAt: at("2025-09-09T00:00:00"),
    });

    // The lessons completion counts are completed that day: Fire safety's two required ones, both of Intro
    // (Lena's half-done lesson included).
    const niaFire = await db.lessonProgress.findMany({
      where: { organizationId: acme.id, courseId: fire.id, enrollment: { userId: niaUser.id } },
      select: { lessonId: true, status: true, completedAt: true },
      orderBy: { lessonId: "asc" },
    });
    expect(niaFire).toEqual(
      [fire.lessons[0]!.id, fire.lessons[1]!.id].sort().map((lessonId) => ({
        lessonId,
        status: "completed",
        completedAt: at("2025-03-02T00:00:00"),
      })),
    );
    const lenaIntro = await db.lessonProgress.findMany({
      where: { organizationId: acme.id, courseId: intro.id, enrollment: { userId: lena.id } },
      select: { status: true, completedAt: true },
    });
    expect(lenaIntro).toEqual([
      { status: "completed", completedAt: at("2025-09-09T00:00:00") },
      { status: "completed", completedAt: at("2025-09-09T00:00:00") },
    ]);

    const certificates = await db.certificate.findMany({
      where: { organizationId: acme.id },
      select: {
        userId: true,
        courseId: true,
        round: true,
        issue: true,
        learnerName: true,
        courseTitle: true,
        organizationName: true,
        completedAt: true,
        expiresAt: true,
        revokedAt: true,
      },
      orderBy: { completedAt: "asc" },
    });
    const certificate = { round: 1, issue: 0, organizationName: acme.name, revokedAt: null };
    expect(certificates).toEqual([
      {
        ...certificate,
        userId: noaUser.id,
        courseId: ethics.id,
        learnerName: "Noa Two",
        courseTitle: ethics.title,
        completedAt: at("2024-05-06T00:00:00"),
        expiresAt: at("2025-05-06T00:00:00"),
      },
      {
        ...certificate,
        userId: noaUser.id,
        courseId: policies.id,
        learnerName: "Noa Two",
        courseTitle: policies.title,
        completedAt: at("2025-01-15T08:30:00"),
        expiresAt: null,
      },
      {
        ...certificate,
        userId: niaUser.id,
        courseId: fire.id,
        learnerName: "Nia One",
        courseTitle: fire.title,
        completedAt: at("2025-03-02T00:00:00"),
        expiresAt: at("2045-03-02T00:00:00"),
      },
    ]);

    // What anyone checking the code reads.
    const code = (await db.certificate.findFirstOrThrow({ where: { organizationId: acme.id, courseId: fire.id } }))
      .code;
    const page = await call(acme.subdomain, `/verify/${code}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("2 March 2025");
    expect(page.text).toContain("2 March 2045");
    const expired = (await db.certificate.findFirstOrThrow({ where: { organizationId: acme.id, courseId: ethics.id } }))
      .code;
    expect((await call(acme.subdomain, `/verify/${expired}`)).text).toContain("Expired");
  });

  it("keeps the report summaries what a rebuild from scratch computes: completions on their own days", async () => {
    const day = await queryRows<{ day: string; enrolled: number; completions: number }>(
      Prisma.sql`SELECT to_char("day", 'YYYY-MM-DD') AS "day", sum("enrolled")::int AS "enrolled", sum("completions")::int AS "completions"
        FROM "ReportCourseDay" WHERE "organizationId" = ${acme.id}::uuid AND "courseId" = ${fire.id}::uuid
        GROUP BY "day" HAVING (sum("enrolled"), sum("completions")) <> (0, 0)`,
      testDb(),
    );
    expect(day.map((d) => [d.day, d.enrolled, d.completions])).toEqual([["2025-03-02", 1, 1]]);
    const before = await summaries(acme.id);
    expect(before.course).toContainEqual(
      JSON.stringify({ courseId: fire.id, enrolled: 1, inProgress: 0, completed: 1, progressSum: 100 }),
    );
    await testDb().$transaction((tx) =>
      queryRows(Prisma.sql`SELECT 1 FROM report.rebuild(${acme.id}::uuid, NULL, NULL, NULL)`, tx),
    );
    expect(await summaries(acme.id)).toEqual(before);
  });

  it("a second import of the same file completes nothing twice and issues no second certificate", async () => {
    const certificatesBefore = await testDb().certificate.count({ where: { organizationId: acme.id } });
    const again = await uploadAndDryRun(admin, `${file}\n`);
    const rows = await outcomes(admin, again.id);
    expect([rows[1], rows[2], rows[3]]).toEqual([
      ["unchanged", null],
      ["unchanged", null],
      ["unchanged", null],
    ]);
    const done = await runImport(admin, again.id);
    expect(done.run).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: 7 });
    expect(await testDb().certificate.count({ where: { organizationId: acme.id } })).toBe(certificatesBefore);
    expect(certificatesBefore).toBe(3);
  });

  it("a completion from before the last completed round is unchanged after recertification started a new round", async () => {
    // Nia's Fire safety moved to round 2 (the expiry job's next round): the same file again changes nothing.
    const db = testDb();
    const niaUser = await db.user.findFirstOrThrow({ where: { organizationId: acme.id, email: nia } });
    const enrollment = await db.enrollment.findFirstOrThrow({
      where: { organizationId: acme.id, userId: niaUser.id, courseId: fire.id },
    });
    await db.enrollmentRound.create({
      data: {
        organizationId: acme.id,
        courseId: fire.id,
        enrollmentId: enrollment.id,
        round: 1,
        status: "completed",
        progressPercent: 100,
        startedAt: enrollment.enrolledAt,
        completedAt: enrollment.completedAt,
        lessons: [],
      },
    });
    await db.lessonProgress.deleteMany({ where: { organizationId: acme.id, enrollmentId: enrollment.id } });
    await db.enrollment.update({
      where: { id: enrollment.id },
      data: { round: 2, status: "active", progressPercent: 0, completedAt: null },
    });
    const again = await uploadAndDryRun(
      admin,
      `email,first_name,last_name,course,completed_on\n${nia},Nia,One,${fire.title},2025-03-02\n${nia.replace("@", "+x@")},Nix,One,${fire.title},2025-03-02\n`,
    );
    const rows = await outcomes(admin, again.id);
    expect(rows[1]).toEqual(["unchanged", null]);
    expect(rows[2]).toEqual(["create", `Completes ${fire.title} on 2025-03-02 (certificate valid until 2045-03-02)`]);
  });
});

/** The organization's course, day and learner summaries (their shards summed), as comparable rows. */
async function summaries(org: string) {
  const rows = async (sql: Prisma.Sql) =>
    (await queryRows<Record<string, unknown>>(sql, testDb()))
      .map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? Number(v) : v)))
      .sort();
  return {
    course: await rows(
      Prisma.sql`SELECT "courseId", sum("enrolled")::int AS "enrolled", sum("inProgress")::int AS "inProgress", sum("completed")::int AS "completed",
          sum("progressSum")::int AS "progressSum"
        FROM "ReportCourseStats" WHERE "organizationId" = ${org}::uuid GROUP BY 1 HAVING sum("enrolled") <> 0`,
    ),
    day: await rows(
      Prisma.sql`SELECT "courseId", "day", sum("enrolled")::int AS "enrolled", sum("completedCohort")::int AS "completedCohort",
          sum("completions")::int AS "completions"
        FROM "ReportCourseDay" WHERE "organizationId" = ${org}::uuid GROUP BY 1, 2
        HAVING (sum("enrolled"), sum("completedCohort"), sum("completions")) <> (0, 0, 0)`,
    ),
    lesson: await rows(
      Prisma.sql`SELECT "lessonId", sum("inProgress")::int AS "inProgress", sum("completed")::int AS "completed" FROM "ReportLessonStats"
        WHERE "organizationId" = ${org}::uuid GROUP BY 1 HAVING (sum("inProgress"), sum("completed")) <> (0, 0)`,
    ),
    learner: await rows(
      Prisma.sql`SELECT "userId", "enrolled", "inProgress", "completed", "progressSum"::int AS "progressSum"
        FROM "ReportLearnerStats" WHERE "organizationId" = ${org}::uuid AND "enrolled" <> 0`,
    ),
  };
}
