import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";

// The certificates report (counts by state, filters, CSV) and an administrator's revoking and re-issuing.

let acme: TestTenant;
let other: TestTenant;
let course: TestCourse;
/** One certificate each, in these states (set below by moving their dates). */
let learners: Record<"lasting" | "soon" | "later" | "expired" | "revoked", TestUser>;
let groupId: string;

const DAY = 24 * 60 * 60 * 1000;

async function certificateOf(learner: TestUser) {
  return testDb().certificate.findFirstOrThrow({
    where: { organizationId: acme.id, courseId: course.id, userId: learner.id },
    orderBy: { issue: "desc" },
  });
}

beforeAll(async () => {
  [acme, other] = await Promise.all([createTenant(), createTenant()]);
  const template = await callAs(acme.subdomain, acme.users.instructor, "/api/certificate-templates", {
    method: "POST",
    json: { name: "Forklift licence", design: DEFAULT_DESIGN },
  });
  expect(template.status).toBe(201);
  course = await createCourse(acme.id, {
    title: "Forklift safety",
    instructorIds: [acme.users.instructor.id],
    modules: [{ lessons: [{}] }],
  });
  const settings = await callAs(acme.subdomain, acme.users.instructor, `/api/courses/${course.id}/certificate`, {
    method: "PUT",
    json: { template_id: template.json.id, validity_months: 12, reminder_days: 30, recertify_automatically: false },
  });
  expect(settings.status).toBe(200);
  const names = ["lasting", "soon", "later", "expired", "revoked"] as const;
  const people = await Promise.all(names.map((n) => createUser(acme.id, "learner", { firstName: `Cert-${n}` })));
  learners = Object.fromEntries(names.map((n, i) => [n, people[i]!])) as typeof learners;
  for (const learner of people) {
    await enroll(acme.id, course.id, learner.id);
    const done = await callAs(
      acme.subdomain,
      learner,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/progress`,
      { method: "PUT", json: { completed: true } },
    );
    expect(done.status).toBe(200);
  }
  const now = Date.now();
  const move = async (learner: TestUser, data: { expiresAt?: Date; revokedAt?: Date; revokedReason?: string }) =>
    testDb().certificate.update({ where: { id: (await certificateOf(learner)).id }, data });
  await move(learners.lasting, { expiresAt: new Date(now + 200 * DAY) });
  await move(learners.soon, { expiresAt: new Date(now + 10 * DAY) });
  await move(learners.later, { expiresAt: new Date(now + 45 * DAY) });
  await move(learners.expired, { expiresAt: new Date(now - 3 * DAY) });
  await move(learners.revoked, { revokedAt: new Date(now - DAY), revokedReason: "Issued in error" });
  const group = await testDb().group.create({ data: { organizationId: acme.id, name: "Warehouse night shift" } });
  groupId = group.id;
  await testDb().groupMember.createMany({
    data: [learners.soon, learners.expired].map((l) => ({ organizationId: acme.id, groupId, userId: l.id })),
  });
});
afterAll(() => testDb().$disconnect());

const report = (user: TestUser, query: string, tenant: TestTenant = acme) =>
  callAs(tenant.subdomain, user, `/api/reports/certificates?course_id=${course.id}${query}`);

describe("the certificates report", () => {
  it("counts the course's certificates by state and lists the soonest to expire first", async () => {
    const res = await report(acme.users.org_admin, "");
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({
      issued: 5,
      valid: 3,
      expiring_30: 1,
      expiring_60: 2,
      expiring_90: 2,
      expired: 1,
      revoked: 1,
    });
    expect(res.json.total).toBe(5);
    // Expiry ascending, those that never expire (none here) and nulls last; the revoked one kept its 12 months.
    expect(res.json.items.map((r: { learner_name: string }) => r.learner_name.split(" ")[0])).toEqual([
      "Cert-expired",
      "Cert-soon",
      "Cert-later",
      "Cert-lasting",
      "Cert-revoked",
    ]);
    const revoked = res.json.items.find((r: { user_id: string }) => r.user_id === learners.revoked.id);
    expect(revoked).toMatchObject({ status: "revoked", revoked_reason: "Issued in error", latest: true });
    expect(revoked.verification_url).toMatch(new RegExp(`/verify/${revoked.code}$`));
  });

  it("filters by state, group and learner; the counts stay those of the other filters", async () => {
    const within60 = await report(acme.users.org_admin, "&certificate_status=expiring_60");
    expect(within60.status).toBe(200);
    expect(within60.json.items.map((r: { user_id: string }) => r.user_id)).toEqual([
      learners.soon.id,
      learners.later.id,
    ]);
    expect(within60.json.summary.issued).toBe(5);
    const expired = await report(acme.users.org_admin, "&certificate_status=expired");
    expect(expired.json.items.map((r: { user_id: string }) => r.user_id)).toEqual([learners.expired.id]);
    const group = await report(acme.users.org_admin, `&group_id=${groupId}`);
    expect(group.json.summary).toMatchObject({ issued: 2, valid: 1, expiring_30: 1, expired: 1 });
    const one = await report(acme.users.org_admin, `&user_id=${learners.later.id}`);
    expect(one.json.total).toBe(1);
  });

  it("is the courses they teach for an instructor, nothing for another organization, and refused to learners", async () => {
    expect((await report(acme.users.instructor, "")).json.summary.issued).toBe(5);
    const otherInstructor = await createUser(acme.id, "instructor");
    expect((await report(otherInstructor, "")).json.summary.issued).toBe(0);
    const foreign = await report(other.users.org_admin, "", other);
    expect(foreign.status).toBe(200);
    expect(foreign.json.summary.issued).toBe(0);
    expect(foreign.json.items).toEqual([]);
    expect((await report(learners.lasting, "")).status).toBe(403);
  });

  it("refuses an unknown state with a clear message", async () => {
    const res = await report(acme.users.org_admin, "&certificate_status=lost");
    expect(res.status).toBe(400);
    expect(res.text).toContain(
      "certificate_status must be one of valid, expiring_30, expiring_60, expiring_90, expired, revoked",
    );
  });

  it("exports the same rows as CSV", async () => {
    const res = await callAs(
      acme.subdomain,
      acme.users.org_admin,
      `/api/reports/certificates/export?course_id=${course.id}&certificate_status=expiring_90`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "code,learner_name,email,course_title,completed_at,expires_at,issued_at,status,revoked_reason,score,verification_url",
    );
    expect(lines).toHaveLength(3);
    const soon = await certificateOf(learners.soon);
    expect(lines[1]).toContain(soon.code);
    expect(lines[1]).toContain("Forklift safety");
    expect(lines[1]).toContain(",valid,");
  });
});

describe("revoking and re-issuing", () => {
  it("an org admin revokes with a reason: the certificate says so, the audit log records it, twice is a 409", async () => {
    const target = await certificateOf(learners.lasting);
    const empty = await callAs(acme.subdomain, acme.users.org_admin, `/api/certificates/${target.id}/revoke`, {
      method: "POST",
      json: { reason: "  " },
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Give a reason");
    expect(
      (
        await callAs(acme.subdomain, acme.users.instructor, `/api/certificates/${target.id}/revoke`, {
          method: "POST",
          json: { reason: "Cheated" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callAs(other.subdomain, other.users.org_admin, `/api/certificates/${target.id}/revoke`, {
          method: "POST",
          json: { reason: "Cheated" },
        })
      ).status,
    ).toBe(404);

    const res = await callAs(acme.subdomain, acme.users.org_admin, `/api/certificates/${target.id}/revoke`, {
      method: "POST",
      json: { reason: "Cheated on the practical test" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: target.id,
      status: "revoked",
      revoked_reason: "Cheated on the practical test",
    });
    const mine = await callAs(acme.subdomain, learners.lasting, "/api/certificates");
    expect(mine.json.items[0]).toMatchObject({ code: target.code, status: "revoked" });
    const logged = await testDb().auditLog.findFirst({
      where: { organizationId: acme.id, action: "certificate.revoke", entityId: target.id },
    });
    expect(logged).toMatchObject({ actorId: acme.users.org_admin.id });
    expect(logged!.data).toMatchObject({ code: target.code, reason: "Cheated on the practical test" });

    const again = await callAs(acme.subdomain, acme.users.org_admin, `/api/certificates/${target.id}/revoke`, {
      method: "POST",
      json: { reason: "Twice" },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This certificate is already revoked");
  });

  it("re-issuing makes a new certificate with today's name for the same completion and revokes the old one", async () => {
    const old = await certificateOf(learners.later);
    await testDb().user.update({ where: { id: learners.later.id }, data: { firstName: "Corrected" } });
    const res = await callAs(acme.subdomain, acme.users.admin, `/api/certificates/${old.id}/reissue`, {
      method: "POST",
      json: { reason: "Name misspelt" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      learner_name: `Corrected ${learners.later.lastName}`,
      course_title: "Forklift safety",
      completed_at: old.completedAt.toISOString(),
      expires_at: old.expiresAt!.toISOString(),
      status: "valid",
    });
    expect(res.json.code).not.toBe(old.code);
    const replaced = await testDb().certificate.findUniqueOrThrow({ where: { id: old.id } });
    expect(replaced.revokedReason).toBe("Re-issued: Name misspelt");
    expect(replaced.revokedAt).not.toBeNull();
    const created = await testDb().certificate.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(created).toMatchObject({ enrollmentId: old.enrollmentId, round: old.round, issue: old.issue + 1 });

    const stale = await callAs(acme.subdomain, acme.users.admin, `/api/certificates/${old.id}/reissue`, {
      method: "POST",
      json: { reason: "Again" },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.message).toBe("This certificate was already re-issued: re-issue the newest one");

    const listed = await report(acme.users.org_admin, `&user_id=${learners.later.id}&sort=issued_at&order=asc`);
    expect(
      listed.json.items.map((r: { code: string; latest: boolean; status: string }) => [r.code, r.latest, r.status]),
    ).toEqual([
      [old.code, false, "revoked"],
      [res.json.code, true, "valid"],
    ]);
  });

  it("re-issuing at once twice makes one new certificate", async () => {
    const old = await certificateOf(learners.soon);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        callAs(acme.subdomain, acme.users.org_admin, `/api/certificates/${old.id}/reissue`, {
          method: "POST",
          json: { reason: "Template changed" },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(
      await testDb().certificate.count({ where: { organizationId: acme.id, enrollmentId: old.enrollmentId } }),
    ).toBe(2);
  });
});
