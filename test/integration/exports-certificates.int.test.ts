import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createSuperadmin, createTenant, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// The certificates export: one row per certificate issued in the organization, with the values the
// certificate carries, its dates and its status now (valid, expired, revoked); formula neutralising of
// the text an admin or a learner wrote; nobody exports another organization's certificates.

let acme: TestTenant;
let globex: TestTenant;
let root: TestUser;
let fireId: string;
let globexCode: string;
const at = (text: string) => new Date(`${text}Z`);
const code = () => uniqueName("CERT").toUpperCase();
const codes = { valid: code(), expired: code(), revoked: code(), plain: code() };

beforeAll(async () => {
  [acme, globex, root] = await Promise.all([createTenant(), createTenant(), createSuperadmin()]);
  const db = testDb();
  const fire = await createCourse(acme.id, { title: "Fire safety", modules: [{ lessons: [{}] }] });
  const ethics = await createCourse(acme.id, { title: "Ethics", modules: [{ lessons: [{}] }] });
  fireId = fire.id;
  const learner = acme.users.learner;
  const instructor = acme.users.instructor;
  const [learnerFire, instructorFire, learnerEthics] = await Promise.all([
    enroll(acme.id, fire.id, learner.id, { status: "completed" }),
    enroll(acme.id, fire.id, instructor.id, { status: "completed" }),
    enroll(acme.id, ethics.id, learner.id, { status: "completed" }),
  ]);
  const certificate = (
    enrollment: { id: string; courseId: string; userId: string },
    values: {
      code: string;
      learnerName: string;
      courseTitle: string;
      completedAt: string;
      expiresAt: string | null;
      issuedAt: string;
      score: number | null;
      round?: number;
      revokedAt?: string;
      revokedReason?: string;
    },
  ) =>
    db.certificate.create({
      data: {
        organizationId: acme.id,
        courseId: enrollment.courseId,
        userId: enrollment.userId,
        enrollmentId: enrollment.id,
        round: values.round ?? 1,
        code: values.code,
        learnerName: values.learnerName,
        courseTitle: values.courseTitle,
        organizationName: acme.name,
        completedAt: at(values.completedAt),
        expiresAt: values.expiresAt ? at(values.expiresAt) : null,
        issuedAt: at(values.issuedAt),
        score: values.score,
        design: {},
        revokedAt: values.revokedAt ? at(values.revokedAt) : null,
        revokedReason: values.revokedReason ?? null,
      },
    });
  // The learner's first round expired; the second is valid. The title is the one at issue ("Fire safety
  // basics"), whatever the course is called now.
  await certificate(learnerFire, {
    code: codes.expired,
    learnerName: "Lena Learner",
    courseTitle: "Fire safety basics",
    completedAt: "2024-03-01T09:00:00",
    expiresAt: "2025-03-01T09:00:00",
    issuedAt: "2024-03-01T09:00:05",
    score: 80,
  });
  await certificate(learnerFire, {
    code: codes.valid,
    learnerName: "Lena Learner",
    courseTitle: "Fire safety basics",
    completedAt: "2025-02-20T10:30:00",
    expiresAt: "2099-02-20T10:30:00",
    issuedAt: "2025-02-20T10:30:01",
    score: null,
    round: 2,
  });
  await certificate(instructorFire, {
    code: codes.revoked,
    learnerName: "=Ian Instructor",
    courseTitle: "Fire safety basics",
    completedAt: "2025-06-01T08:00:00",
    expiresAt: "2099-06-01T08:00:00",
    issuedAt: "2025-06-01T08:00:00",
    score: 95,
    revokedAt: "2025-07-01T12:00:00",
    revokedReason: "+issued by mistake",
  });
  await certificate(learnerEthics, {
    code: codes.plain,
    learnerName: "Lena Learner",
    courseTitle: "Ethics",
    completedAt: "2025-01-15T00:00:00",
    expiresAt: null,
    issuedAt: "2025-01-15T00:00:00",
    score: 100,
  });

  const globexCourse = await createCourse(globex.id, { title: "Fire safety", modules: [{ lessons: [{}] }] });
  const globexEnrollment = await enroll(globex.id, globexCourse.id, globex.users.learner.id, { status: "completed" });
  globexCode = code();
  await db.certificate.create({
    data: {
      organizationId: globex.id,
      courseId: globexCourse.id,
      userId: globex.users.learner.id,
      enrollmentId: globexEnrollment.id,
      round: 1,
      code: globexCode,
      learnerName: "Gus Globex",
      courseTitle: "Fire safety",
      organizationName: globex.name,
      completedAt: at("2025-05-05T05:05:05"),
      issuedAt: at("2025-05-05T05:05:05"),
      design: {},
    },
  });
});
afterAll(() => testDb().$disconnect());

async function exportAs(tenant: TestTenant | null, user: TestUser, query = ""): Promise<TestResponse> {
  return call(tenant?.subdomain ?? null, `/api/admin/exports/certificates${query}`, {
    bearer: await cachedSignIn(tenant?.subdomain ?? null, user),
  });
}

function rows(res: TestResponse): string[][] {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return parse(res.body, { bom: true, relax_column_count: false }) as string[][];
}

const HEADER = [
  "code",
  "email",
  "username",
  "learner_name",
  "course_id",
  "course",
  "completed_at",
  "expires_at",
  "issued_at",
  "status",
  "revoked_at",
  "revoked_reason",
  "score",
];

describe("GET /api/admin/exports/certificates", () => {
  it("an admin gets every certificate of the organization: the values it carries, its dates and its status now", async () => {
    const learner = acme.users.learner;
    const instructor = acme.users.instructor;
    const file = await exportAs(acme, acme.users.admin);
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="${acme.subdomain}-certificates-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const ethicsId = (await testDb().course.findFirstOrThrow({ where: { organizationId: acme.id, title: "Ethics" } }))
      .id;
    const [first, second] = [instructor, learner].sort((a, b) => (a.email < b.email ? -1 : 1));
    const fireRows: Record<string, string[][]> = {
      [instructor.email]: [
        [
          codes.revoked,
          instructor.email,
          instructor.username,
          "'=Ian Instructor",
          fireId,
          "Fire safety basics",
          "2025-06-01 08:00:00",
          "2099-06-01 08:00:00",
          "2025-06-01 08:00:00",
          "revoked",
          "2025-07-01 12:00:00",
          "'+issued by mistake",
          "95",
        ],
      ],
      [learner.email]: [
        [
          codes.expired,
          learner.email,
          learner.username,
          "Lena Learner",
          fireId,
          "Fire safety basics",
          "2024-03-01 09:00:00",
          "2025-03-01 09:00:00",
          "2024-03-01 09:00:05",
          "expired",
          "",
          "",
          "80",
        ],
        [
          codes.valid,
          learner.email,
          learner.username,
          "Lena Learner",
          fireId,
          "Fire safety basics",
          "2025-02-20 10:30:00",
          "2099-02-20 10:30:00",
          "2025-02-20 10:30:01",
          "valid",
          "",
          "",
          "",
        ],
      ],
    };
    expect(rows(file)).toEqual([
      HEADER,
      [
        codes.plain,
        learner.email,
        learner.username,
        "Lena Learner",
        ethicsId,
        "Ethics",
        "2025-01-15 00:00:00",
        "",
        "2025-01-15 00:00:00",
        "valid",
        "",
        "",
        "100",
      ],
      ...fireRows[first!.email]!,
      ...fireRows[second!.email]!,
    ]);
  });

  it("another organization's admin sees only their own; naming Acme is a 404; instructors are refused", async () => {
    const own = rows(await exportAs(globex, globex.users.admin));
    expect(own.slice(1).map((r) => [r[0], r[1], r[9]])).toEqual([[globexCode, globex.users.learner.email, "valid"]]);
    const named = await exportAs(globex, globex.users.admin, `?organization_id=${acme.id}`);
    expect(named.status).toBe(404);
    expect(named.json.error.message).toBe("Organization not found");
    const refused = await exportAs(acme, acme.users.instructor);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Only administrators can export the organization's data");
  });

  it("the superadmin's every-organization file starts each row with the organization", async () => {
    const all = rows(await exportAs(null, root));
    expect(all[0]).toEqual(["organization", ...HEADER]);
    const mine = all.filter((r) => r[0] === acme.subdomain || r[0] === globex.subdomain).map((r) => [r[0], r[1]]);
    expect(mine).toHaveLength(5);
    expect(mine).toContainEqual([globex.subdomain, globexCode]);
    expect(
      mine
        .filter((r) => r[0] === acme.subdomain)
        .map((r) => r[1])
        .sort(),
    ).toEqual([codes.valid, codes.expired, codes.revoked, codes.plain].sort());
  });
});
