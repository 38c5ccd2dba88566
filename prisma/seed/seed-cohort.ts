import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addGroupMembers, assignGroupCourse, createGroup } from "@/lib/server/groups/mutations";
import { recomputeEnrollments } from "@/lib/server/progress/recompute";
import { reconcileOrganization } from "@/lib/server/reports/refresh";
import { organizationPublicSelect } from "@/lib/server/selects";
import { signedInContext } from "@/lib/tenancy/context";

// The demo's cohort: a group of new starters who were given the published courses through the group
// a few weeks ago and have got on with them at their own pace, so the group pages, the users list and
// the reports have something to show. Made through the same services an org admin uses; only for an
// organization without the group, so a second seed changes nothing.

const GROUP_NAME = "New starters";
const DAY = 86_400_000;

/** First name, last name, and how far they are in each course: the share of its lessons done. */
const STARTERS: [string, string, number][] = [
  ["Maya", "Patel", 1],
  ["Noah", "Kim", 1],
  ["Ines", "Garcia", 0.8],
  ["Tomas", "Novak", 0.6],
  ["Amara", "Okafor", 0.5],
  ["Liam", "Murphy", 0.4],
  ["Sofia", "Rossi", 0.25],
  ["Yuki", "Tanaka", 0.2],
  ["Omar", "Haddad", 0],
  ["Elena", "Petrova", 0],
];

export async function seedDemoCohort(
  db: PrismaClient,
  organizationId: string,
  people: { orgAdmin: string; passwordHash: string; subdomain: string },
): Promise<void> {
  if (await db.group.findFirst({ where: { organizationId, name: GROUP_NAME }, select: { id: true } })) return;
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: organizationPublicSelect,
  });
  const ctx = signedInContext(organization, { id: people.orgAdmin, role: "org_admin" });
  const now = Date.now();

  const starters = [];
  for (const [i, [firstName, lastName, share]] of STARTERS.entries()) {
    const username = `${firstName}.${lastName}`.toLowerCase();
    const user = await db.user.upsert({
      where: { organizationId_email: { organizationId, email: `${username}@${people.subdomain}.example.com` } },
      create: {
        organizationId,
        role: "learner",
        email: `${username}@${people.subdomain}.example.com`,
        username,
        firstName,
        lastName,
        passwordHash: people.passwordHash,
        lastLoginAt: share > 0 ? new Date(now - ((i + 1) * DAY) / 3) : null,
      },
      update: {},
    });
    starters.push({ id: user.id, share, index: i });
  }

  const group = await createGroup(ctx, {
    name: GROUP_NAME,
    description: "Everyone who joined this autumn, with the courses every newcomer takes.",
  });
  await addGroupMembers(ctx, group.id, { user_ids: starters.map((s) => s.id) });
  const courses = await db.course.findMany({
    where: { organizationId, status: "published" },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  for (const course of courses) await assignGroupCourse(ctx, group.id, { course_id: course.id });

  // Their progress, as if they had learned over the last four weeks: text, video and file lessons (a SCORM
  // lesson's progress comes from playing it). The enrollments are dated back so the timeline has a shape.
  const lessons = await db.lesson.findMany({
    where: { organizationId, courseId: { in: courses.map((c) => c.id) }, kind: { not: "scorm" } },
    select: { id: true, courseId: true },
    orderBy: [{ module: { position: "asc" } }, { position: "asc" }],
  });
  const enrollments = await db.enrollment.findMany({
    where: { organizationId, userId: { in: starters.map((s) => s.id) } },
    select: { id: true, courseId: true, userId: true },
  });
  // Completed the day of their last lesson, not the day of the seed (their certificates too).
  const completedAt = new Map<string, Date>();
  for (const enrollment of enrollments) {
    const starter = starters.find((s) => s.id === enrollment.userId)!;
    const enrolledAt = new Date(now - (28 - starter.index * 2) * DAY);
    const ofCourse = lessons.filter((l) => l.courseId === enrollment.courseId);
    const done = ofCourse.slice(0, Math.round(ofCourse.length * starter.share));
    const doneAt = (n: number) => new Date(enrolledAt.getTime() + (n + 1) * 2 * DAY);
    if (done.length) completedAt.set(enrollment.id, doneAt(done.length - 1));
    await db.enrollment.update({
      where: { id: enrollment.id },
      data: {
        enrolledAt,
        lastAccessedAt: done.length ? doneAt(done.length - 1) : null,
        lastLessonId: done.at(-1)?.id ?? null,
      },
    });
    await db.lessonProgress.createMany({
      data: done.map((lesson, n) => ({
        organizationId,
        courseId: enrollment.courseId,
        enrollmentId: enrollment.id,
        lessonId: lesson.id,
        status: "completed" as const,
        startedAt: doneAt(n),
        completedAt: doneAt(n),
        timeSpentSeconds: 240 + n * 90,
      })),
    });
  }
  await db.$transaction((tx) =>
    recomputeEnrollments(
      tx,
      organizationId,
      enrollments.map((e) => e.id),
      { completedAt },
    ),
  );
  // The enrollments were dated back after the triggers counted them today: the summaries are rebuilt.
  await reconcileOrganization(organizationId, null);
}
