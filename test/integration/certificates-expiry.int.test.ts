import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { runCertificateExpiry } from "@/lib/server/certificates/expiry";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";

// The daily expiry job, driven here with a chosen clock: a reminder (message and e-mail) N days before a
// certificate expires, and, where the course says so, the next round of the course; run twice, it does
// everything once.

const DAY = 86_400_000;
let acme: TestTenant;
let templateId: string;

beforeAll(async () => {
  acme = await createTenant();
  templateId = (
    await testDb().certificateTemplate.create({
      data: { organizationId: acme.id, name: "Yearly", design: DEFAULT_DESIGN },
    })
  ).id;
});
afterAll(() => testDb().$disconnect());

async function completedCourse(learner: TestUser, recertify: boolean): Promise<TestCourse> {
  const course = await createCourse(acme.id, {
    title: recertify ? "Forklift licence" : "First aid",
    instructorIds: [acme.users.instructor.id],
    modules: [{ lessons: [{}, {}] }],
  });
  await testDb().course.update({
    where: { id: course.id },
    data: {
      certificateTemplateId: templateId,
      certificateValidityMonths: 12,
      certificateReminderDays: 30,
      recertifyAutomatically: recertify,
    },
  });
  await enroll(acme.id, course.id, learner.id);
  await completeAll(learner, course);
  return course;
}

async function completeAll(learner: TestUser, course: TestCourse) {
  for (const lesson of course.lessons) {
    const res = await callAs(acme.subdomain, learner, `/api/courses/${course.id}/lessons/${lesson.id}/progress`, {
      method: "PUT",
      json: { completed: true },
    });
    expect(res.status).toBe(200);
  }
}

async function expiryMailsTo(email: string): Promise<string[]> {
  const dir = process.env.TEST_OUTBOX_DIR!;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.eml`));
  const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
  return mails.filter((m) => m.includes("expires on"));
}

describe("the certificate expiry job", () => {
  it("reminds once and starts the next round once, keeping the old round and certificate; run twice", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await completedCourse(learner, true);
    const certificate = await testDb().certificate.findFirstOrThrow({
      where: { organizationId: acme.id, courseId: course.id },
    });
    // 40 days before expiry: not yet due.
    await runCertificateExpiry(new Date(certificate.expiresAt!.getTime() - 40 * DAY));
    expect((await testDb().certificate.findUniqueOrThrow({ where: { id: certificate.id } })).remindedAt).toBeNull();

    const now = new Date(certificate.expiresAt!.getTime() - 10 * DAY);
    await Promise.all([runCertificateExpiry(now), runCertificateExpiry(now)]);
    await runCertificateExpiry(now);

    const enrollment = await testDb().enrollment.findFirstOrThrow({
      where: { organizationId: acme.id, courseId: course.id, userId: learner.id },
    });
    expect(enrollment).toMatchObject({ round: 2, status: "active", progressPercent: 0, completedAt: null });
    const rounds = await testDb().enrollmentRound.findMany({ where: { enrollmentId: enrollment.id } });
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ round: 1, status: "completed", progressPercent: 100 });
    expect(rounds[0]!.lessons).toHaveLength(2);
    expect(await testDb().lessonProgress.count({ where: { enrollmentId: enrollment.id } })).toBe(0);

    const threads = await testDb().messageThread.findMany({
      where: { organizationId: acme.id, participants: { some: { userId: learner.id } } },
    });
    expect(threads.map((t) => t.subject)).toEqual([
      expect.stringMatching(/^Your certificate for Forklift licence expires on /),
    ]);
    expect(await expiryMailsTo(learner.email)).toHaveLength(1);

    // The new round's completion issues a second certificate; the first stays as it was.
    await completeAll(learner, course);
    const all = await testDb().certificate.findMany({
      where: { organizationId: acme.id, courseId: course.id },
      orderBy: { round: "asc" },
    });
    expect(all.map((c) => c.round)).toEqual([1, 2]);
    expect(all[0]!.code).toBe(certificate.code);
    expect(all[0]!.revokedAt).toBeNull();
  });

  it("only reminds when the course does not re-enroll", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await completedCourse(learner, false);
    const certificate = await testDb().certificate.findFirstOrThrow({
      where: { organizationId: acme.id, courseId: course.id },
    });
    await runCertificateExpiry(new Date(certificate.expiresAt!.getTime() - 5 * DAY));
    const enrollment = await testDb().enrollment.findFirstOrThrow({
      where: { organizationId: acme.id, courseId: course.id, userId: learner.id },
    });
    expect(enrollment).toMatchObject({ round: 1, status: "completed" });
    expect(await expiryMailsTo(learner.email)).toHaveLength(1);
  });
});
