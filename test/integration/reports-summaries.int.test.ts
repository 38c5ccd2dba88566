import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { createCourse, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// The report summaries are kept by triggers in every write's transaction. After a random mix of writes
// (enrollments made, changed and deleted; lesson progress written and deleted; SCORM attempts; group
// memberships; instructors added to and removed from courses; a learner, an instructor, a lesson, a
// group and a course deleted) they must equal a recomputation from scratch,
// written out here in plain SQL, independently of the app's own rebuild; and the app's rebuild
// (report.rebuild, defined with the triggers in lib/server/reports/summaries.sql) must leave them as the
// triggers kept them.

afterAll(() => testDb().$disconnect());

const STATUSES = ["active", "completed", "withdrawn"] as const;
const LESSON_STATES = ["not_started", "in_progress", "completed"] as const;
const SUCCESS = [null, "passed", "failed", "unknown"] as const;

type Op =
  | {
      kind: "enroll";
      course: number;
      learner: number;
      status: (typeof STATUSES)[number];
      progress: number;
      opened: boolean;
      day: number;
    }
  | { kind: "update"; pick: number; status: (typeof STATUSES)[number]; progress: number; opened: boolean }
  | { kind: "unenroll"; pick: number }
  | {
      kind: "progress";
      pick: number;
      lesson: number;
      status: (typeof LESSON_STATES)[number];
      success: (typeof SUCCESS)[number];
      score: number | null;
      seconds: number;
    }
  | { kind: "unprogress"; pick: number }
  | { kind: "attempt"; pick: number }
  | { kind: "join"; group: number; learner: number }
  | { kind: "leave"; group: number; learner: number }
  | { kind: "deleteLearner"; learner: number }
  | { kind: "deleteLesson"; course: number }
  | { kind: "deleteGroup"; group: number }
  | { kind: "teach"; course: number; instructor: number }
  | { kind: "unteach"; course: number; instructor: number }
  | { kind: "deleteInstructor"; instructor: number }
  | { kind: "deleteCourse"; course: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("enroll" as const),
      course: fc.nat(2),
      learner: fc.nat(5),
      status: fc.constantFrom(...STATUSES),
      progress: fc.integer({ min: 0, max: 100 }),
      opened: fc.boolean(),
      day: fc.nat(20),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      pick: fc.nat(),
      status: fc.constantFrom(...STATUSES),
      progress: fc.integer({ min: 0, max: 100 }),
      opened: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unenroll" as const), pick: fc.nat() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("progress" as const),
      pick: fc.nat(),
      lesson: fc.nat(2),
      status: fc.constantFrom(...LESSON_STATES),
      success: fc.constantFrom(...SUCCESS),
      score: fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: null }),
      seconds: fc.integer({ min: 0, max: 5000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unprogress" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("attempt" as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("join" as const), group: fc.nat(1), learner: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("leave" as const), group: fc.nat(1), learner: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteLearner" as const), learner: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteLesson" as const), course: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteGroup" as const), group: fc.nat(1) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("teach" as const), course: fc.nat(2), instructor: fc.nat(1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("unteach" as const), course: fc.nat(2), instructor: fc.nat(1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteInstructor" as const), instructor: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteCourse" as const), course: fc.nat(2) }) },
);

interface Org {
  tenant: TestTenant;
  courses: TestCourse[];
  learners: string[];
  instructors: string[];
  groups: string[];
  packages: Map<string, string>;
}

async function freshOrg(): Promise<Org> {
  const tenant = await createTenant();
  const courses = [];
  for (let i = 0; i < 3; i++)
    courses.push(
      await createCourse(tenant.id, {
        modules: [{ lessons: [{ kind: "text" }, { kind: "scorm" }, { kind: "video" }] }],
      }),
    );
  const learners = [];
  for (let i = 0; i < 6; i++) learners.push((await createUser(tenant.id, "learner")).id);
  const instructors = [];
  for (let i = 0; i < 2; i++) instructors.push((await createUser(tenant.id, "instructor")).id);
  const groups = [];
  for (let i = 0; i < 2; i++)
    groups.push((await testDb().group.create({ data: { organizationId: tenant.id, name: uniqueName("G ") } })).id);
  return { tenant, courses, learners, instructors, groups, packages: new Map() };
}

type Client = Prisma.TransactionClient;

/** One write, through `db`: the test's client (a transaction of its own), or a transaction's. */
async function apply(org: Org, o: Op, db: Client = testDb()): Promise<void> {
  const organizationId = org.tenant.id;
  const enrollments = () =>
    db.enrollment.findMany({ where: { organizationId }, orderBy: { id: "asc" }, select: { id: true, courseId: true } });
  switch (o.kind) {
    case "enroll": {
      const course = org.courses[o.course]!;
      const userId = org.learners[o.learner]!;
      const exists = await db.enrollment.findFirst({ where: { organizationId, courseId: course.id, userId } });
      const [user, live] = await Promise.all([
        db.user.findFirst({ where: { id: userId } }),
        db.course.findFirst({ where: { id: course.id } }),
      ]);
      if (exists || !user || !live) return;
      const enrolledAt = new Date(Date.UTC(2026, 0, 1 + o.day, 12));
      await db.enrollment.create({
        data: {
          organizationId,
          courseId: course.id,
          userId,
          status: o.status,
          progressPercent: o.progress,
          enrolledAt,
          lastAccessedAt: o.opened ? new Date(enrolledAt.getTime() + 3_600_000) : null,
          completedAt: o.status === "completed" ? new Date(enrolledAt.getTime() + 86_400_000 * 2) : null,
        },
      });
      return;
    }
    case "update": {
      const all = await enrollments();
      const e = all[o.pick % Math.max(all.length, 1)];
      if (!e) return;
      await db.enrollment.update({
        where: { id: e.id },
        data: {
          status: o.status,
          progressPercent: o.progress,
          completedAt: o.status === "completed" ? new Date(Date.UTC(2026, 1, 3)) : null,
          ...(o.opened ? { lastAccessedAt: new Date() } : {}),
        },
      });
      return;
    }
    case "unenroll": {
      const all = await enrollments();
      const e = all[o.pick % Math.max(all.length, 1)];
      if (e) await db.enrollment.delete({ where: { id: e.id } });
      return;
    }
    case "progress": {
      const all = await enrollments();
      const e = all[o.pick % Math.max(all.length, 1)];
      if (!e) return;
      const lessons = await db.lesson.findMany({
        where: { organizationId, courseId: e.courseId },
        orderBy: { id: "asc" },
        select: { id: true },
      });
      const lesson = lessons[o.lesson % Math.max(lessons.length, 1)];
      if (!lesson) return;
      const data = { status: o.status, successStatus: o.success, scoreScaled: o.score, timeSpentSeconds: o.seconds };
      await db.lessonProgress.upsert({
        where: { enrollmentId_lessonId: { enrollmentId: e.id, lessonId: lesson.id } },
        create: { organizationId, courseId: e.courseId, enrollmentId: e.id, lessonId: lesson.id, ...data },
        update: data,
      });
      return;
    }
    case "unprogress": {
      const all = await db.lessonProgress.findMany({
        where: { organizationId },
        orderBy: { id: "asc" },
        select: { id: true },
      });
      const p = all[o.pick % Math.max(all.length, 1)];
      if (p) await db.lessonProgress.delete({ where: { id: p.id } });
      return;
    }
    case "attempt": {
      const all = await enrollments();
      const e = all[o.pick % Math.max(all.length, 1)];
      if (!e) return;
      const lesson = await db.lesson.findFirst({
        where: { organizationId, courseId: e.courseId, kind: "scorm" },
        select: { id: true },
      });
      if (!lesson) return;
      let packageId = org.packages.get(lesson.id);
      if (!packageId) {
        const pkg = await db.scormPackage.create({
          data: {
            organizationId,
            lessonId: lesson.id,
            version: 1,
            scormVersion: "scorm12",
            title: "P",
            storagePrefix: uniqueName("p"),
            launchPath: "index.html",
            manifest: {},
            sizeBytes: 1,
            fileCount: 1,
          },
        });
        packageId = pkg.id;
        org.packages.set(lesson.id, packageId);
      }
      const n = await db.scormAttempt.count({ where: { enrollmentId: e.id, lessonId: lesson.id } });
      await db.scormAttempt.create({
        data: {
          organizationId,
          courseId: e.courseId,
          enrollmentId: e.id,
          lessonId: lesson.id,
          packageId,
          attemptNumber: n + 1,
        },
      });
      return;
    }
    case "join": {
      const groupId = org.groups[o.group]!;
      const userId = org.learners[o.learner]!;
      const [group, user] = await Promise.all([
        db.group.findFirst({ where: { id: groupId } }),
        db.user.findFirst({ where: { id: userId } }),
      ]);
      if (group && user)
        await db.groupMember.createMany({ data: [{ organizationId, groupId, userId }], skipDuplicates: true });
      return;
    }
    case "leave":
      await db.groupMember.deleteMany({
        where: { organizationId, groupId: org.groups[o.group]!, userId: org.learners[o.learner]! },
      });
      return;
    case "deleteLearner":
      await db.user.deleteMany({ where: { organizationId, id: org.learners[o.learner]! } });
      return;
    case "deleteLesson": {
      const lesson = await db.lesson.findFirst({
        where: { organizationId, courseId: org.courses[o.course]!.id },
        orderBy: { id: "desc" },
      });
      if (lesson) await db.lesson.delete({ where: { id: lesson.id } });
      return;
    }
    case "deleteGroup":
      await db.group.deleteMany({ where: { organizationId, id: org.groups[o.group]! } });
      return;
    case "teach": {
      const courseId = org.courses[o.course]!.id;
      const userId = org.instructors[o.instructor]!;
      const [course, user] = await Promise.all([
        db.course.findFirst({ where: { id: courseId } }),
        db.user.findFirst({ where: { id: userId } }),
      ]);
      if (course && user)
        await db.courseInstructor.createMany({ data: [{ organizationId, courseId, userId }], skipDuplicates: true });
      return;
    }
    case "unteach":
      await db.courseInstructor.deleteMany({
        where: { organizationId, courseId: org.courses[o.course]!.id, userId: org.instructors[o.instructor]! },
      });
      return;
    case "deleteInstructor":
      await db.user.deleteMany({ where: { organizationId, id: org.instructors[o.instructor]! } });
      return;
    case "deleteCourse":
      await db.course.deleteMany({ where: { organizationId, id: org.courses[o.course]!.id } });
  }
}

// ───────────────────────────── from scratch, written out independently ─────────────────────────────

const STATE = Prisma.sql`count(*) AS enrolled,
  count(*) FILTER (WHERE e.status = 'active' AND e."progressPercent" = 0 AND e."lastAccessedAt" IS NULL) AS not_started,
  count(*) FILTER (WHERE e.status = 'active' AND (e."progressPercent" > 0 OR e."lastAccessedAt" IS NOT NULL)) AS in_progress,
  count(*) FILTER (WHERE e.status = 'completed') AS completed, count(*) FILTER (WHERE e.status = 'withdrawn') AS withdrawn,
  sum(e."progressPercent") AS progress,
  (SELECT coalesce(sum(round(lp."scoreScaled" * 10000)), 0) FROM "LessonProgress" lp JOIN "Enrollment" x ON x.id = lp."enrollmentId" WHERE x.id = ANY(array_agg(e.id))) AS score,
  (SELECT count(lp."scoreScaled") FROM "LessonProgress" lp WHERE lp."enrollmentId" = ANY(array_agg(e.id))) AS scored,
  (SELECT count(*) FROM "LessonProgress" lp WHERE lp."enrollmentId" = ANY(array_agg(e.id)) AND lp."successStatus" = 'passed') AS passed,
  (SELECT count(*) FROM "LessonProgress" lp WHERE lp."enrollmentId" = ANY(array_agg(e.id)) AND lp."successStatus" = 'failed') AS failed,
  (SELECT coalesce(sum(lp."timeSpentSeconds"), 0) FROM "LessonProgress" lp WHERE lp."enrollmentId" = ANY(array_agg(e.id))) AS seconds`;
const SUMMARY = Prisma.sql`enrolled, "notStarted" AS not_started, "inProgress" AS in_progress, completed, withdrawn, "progressSum" AS progress,
  "scoreSum" AS score, "scoreCount" AS scored, passed, failed, "timeSeconds" AS seconds`;
/** A shared summary table's counters summed over a key's shards, under their own names. */
const SHARDS_SUMMED = Prisma.sql`sum(enrolled) AS enrolled, sum("notStarted") AS "notStarted", sum("inProgress") AS "inProgress",
  sum(completed) AS completed, sum(withdrawn) AS withdrawn, sum("progressSum") AS "progressSum", sum("scoreSum") AS "scoreSum",
  sum("scoreCount") AS "scoreCount", sum(passed) AS passed, sum(failed) AS failed, sum("timeSeconds") AS "timeSeconds"`;
const NONZERO = Prisma.sql`(enrolled, "notStarted", "inProgress", completed, withdrawn, "progressSum", "scoreSum", "scoreCount", passed, failed, "timeSeconds") <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`;

async function rows(sql: Prisma.Sql): Promise<string[]> {
  const result = await queryRows<Record<string, unknown>>(sql, testDb());
  // Counts come back as bigint, sums as decimals (strings once serialized): compare them all as numbers.
  const numeric = (v: unknown) =>
    typeof v === "bigint" ? Number(v) : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  return result.map((r) => JSON.stringify(r, (_k, v) => numeric(v))).sort();
}

async function compare(org: string): Promise<void> {
  const pairs: [string, Prisma.Sql, Prisma.Sql][] = [
    [
      "course",
      Prisma.sql`SELECT e."courseId" AS id, ${STATE} FROM "Enrollment" e WHERE e."organizationId" = ${org}::uuid GROUP BY 1`,
      Prisma.sql`SELECT id, ${SUMMARY} FROM (
         SELECT "courseId" AS id, ${SHARDS_SUMMED} FROM "ReportCourseStats" WHERE "organizationId" = ${org}::uuid GROUP BY 1) s
       WHERE ${NONZERO}`,
    ],
    [
      "learner",
      Prisma.sql`SELECT e."userId" AS id, ${STATE}, max(e."lastAccessedAt") AS last FROM "Enrollment" e WHERE e."organizationId" = ${org}::uuid GROUP BY 1`,
      Prisma.sql`SELECT "userId" AS id, ${SUMMARY}, "lastActivityAt" AS last FROM "ReportLearnerStats" WHERE "organizationId" = ${org}::uuid AND ${NONZERO}`,
    ],
    [
      "instructor's learner",
      Prisma.sql`SELECT ci."userId" AS instructor, e."userId" AS id, ${STATE}, max(e."lastAccessedAt") AS last
         FROM "Enrollment" e JOIN "CourseInstructor" ci ON ci."courseId" = e."courseId" WHERE e."organizationId" = ${org}::uuid GROUP BY 1, 2`,
      Prisma.sql`SELECT "instructorId" AS instructor, "userId" AS id, ${SUMMARY}, "lastActivityAt" AS last FROM "ReportInstructorLearnerStats"
         WHERE "organizationId" = ${org}::uuid AND ${NONZERO}`,
    ],
    [
      "group",
      Prisma.sql`SELECT m."groupId" AS id, count(DISTINCT m."userId") AS members,
         (SELECT count(*) FROM "Enrollment" e WHERE e."userId" IN (SELECT userId FROM (SELECT x."userId" AS userId FROM "GroupMember" x WHERE x."groupId" = m."groupId") s)) AS enrolled,
         (SELECT count(*) FROM "Enrollment" e WHERE e.status = 'completed' AND e."userId" IN (SELECT x."userId" FROM "GroupMember" x WHERE x."groupId" = m."groupId")) AS completed,
         (SELECT coalesce(sum(lp."timeSpentSeconds"), 0) FROM "LessonProgress" lp JOIN "Enrollment" e ON e.id = lp."enrollmentId" WHERE e."userId" IN (SELECT x."userId" FROM "GroupMember" x WHERE x."groupId" = m."groupId")) AS seconds
       FROM "GroupMember" m WHERE m."organizationId" = ${org}::uuid GROUP BY 1`,
      Prisma.sql`SELECT "groupId" AS id, sum(members) AS members, sum(enrolled) AS enrolled, sum(completed) AS completed, sum("timeSeconds") AS seconds
       FROM "ReportGroupStats" WHERE "organizationId" = ${org}::uuid GROUP BY 1 HAVING sum(members) <> 0`,
    ],
    [
      "day",
      Prisma.sql`SELECT "courseId" AS id, day, sum(en) AS enrolled, sum(cc) AS cohort, sum(c) AS completions FROM (
         SELECT e."courseId", e."enrolledAt"::date AS day, 1 AS en, (e.status = 'completed')::int AS cc, 0 AS c FROM "Enrollment" e WHERE e."organizationId" = ${org}::uuid
         UNION ALL SELECT e."courseId", e."completedAt"::date, 0, 0, 1 FROM "Enrollment" e WHERE e."organizationId" = ${org}::uuid AND e.status = 'completed' AND e."completedAt" IS NOT NULL) x
       GROUP BY 1, 2`,
      Prisma.sql`SELECT "courseId" AS id, day, sum(enrolled) AS enrolled, sum("completedCohort") AS cohort, sum(completions) AS completions
       FROM "ReportCourseDay" WHERE "organizationId" = ${org}::uuid GROUP BY 1, 2 HAVING (sum(enrolled), sum("completedCohort"), sum(completions)) <> (0, 0, 0)`,
    ],
    [
      "lesson",
      Prisma.sql`SELECT l.id, (SELECT count(*) FROM "LessonProgress" lp WHERE lp."lessonId" = l.id AND lp.status = 'in_progress') AS in_progress,
         (SELECT count(*) FROM "LessonProgress" lp WHERE lp."lessonId" = l.id AND lp.status = 'completed') AS completed,
         (SELECT count(*) FROM "LessonProgress" lp WHERE lp."lessonId" = l.id AND lp."successStatus" = 'passed') AS passed,
         (SELECT count(*) FROM "LessonProgress" lp WHERE lp."lessonId" = l.id AND lp."successStatus" = 'failed') AS failed,
         (SELECT coalesce(sum(round(lp."scoreScaled" * 10000)), 0) FROM "LessonProgress" lp WHERE lp."lessonId" = l.id) AS score,
         (SELECT count(lp."scoreScaled") FROM "LessonProgress" lp WHERE lp."lessonId" = l.id) AS scored,
         (SELECT coalesce(sum(lp."timeSpentSeconds"), 0) FROM "LessonProgress" lp WHERE lp."lessonId" = l.id) AS seconds,
         (SELECT count(*) FROM "ScormAttempt" a WHERE a."lessonId" = l.id) AS attempts
       FROM "Lesson" l WHERE l."organizationId" = ${org}::uuid`,
      Prisma.sql`SELECT l.id, coalesce(s."inProgress", 0) AS in_progress, coalesce(s.completed, 0) AS completed, coalesce(s.passed, 0) AS passed, coalesce(s.failed, 0) AS failed,
         coalesce(s."scoreSum", 0) AS score, coalesce(s."scoreCount", 0) AS scored, coalesce(s."timeSeconds", 0) AS seconds, coalesce(s.attempts, 0) AS attempts
       FROM "Lesson" l LEFT JOIN (
         SELECT "lessonId", sum("inProgress") AS "inProgress", sum(completed) AS completed, sum(passed) AS passed, sum(failed) AS failed,
           sum("scoreSum") AS "scoreSum", sum("scoreCount") AS "scoreCount", sum("timeSeconds") AS "timeSeconds", sum(attempts) AS attempts
         FROM "ReportLessonStats" GROUP BY 1) s ON s."lessonId" = l.id
       WHERE l."organizationId" = ${org}::uuid`,
    ],
  ];
  for (const [name, scratch, summary] of pairs) {
    expect(await rows(summary), `${name} summaries`).toEqual(await rows(scratch));
  }
}

// ───────────────────────────── the triggers' summaries against the rebuild's ─────────────────────────────

/**
 * Every summary row of an organization as stored (rows whose figures are all zero left out: the triggers
 * keep a row that went back to zero, the rebuild writes none), and the enrollments' lesson sums.
 */
async function summaryTables(org: string): Promise<Record<string, string[]>> {
  const counters = Prisma.sql`"enrolled", "notStarted", "inProgress", "completed", "withdrawn", "progressSum", "scoreSum", "scoreCount", "passed", "failed", "timeSeconds"`;
  const zeros = Prisma.sql`(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`;
  return {
    course: await rows(
      Prisma.sql`SELECT "courseId", "shard", ${counters} FROM "ReportCourseStats" WHERE "organizationId" = ${org}::uuid AND (${counters}) <> ${zeros}`,
    ),
    day: await rows(
      Prisma.sql`SELECT "courseId", "day", "shard", "enrolled", "completedCohort", "completions" FROM "ReportCourseDay"
        WHERE "organizationId" = ${org}::uuid AND ("enrolled", "completedCohort", "completions") <> (0, 0, 0)`,
    ),
    lesson: await rows(
      Prisma.sql`SELECT "courseId", "lessonId", "shard", "inProgress", "completed", "passed", "failed", "scoreSum", "scoreCount", "timeSeconds", "attempts"
        FROM "ReportLessonStats" WHERE "organizationId" = ${org}::uuid
          AND ("inProgress", "completed", "passed", "failed", "scoreSum", "scoreCount", "timeSeconds", "attempts") <> (0, 0, 0, 0, 0, 0, 0, 0)`,
    ),
    learner: await rows(
      Prisma.sql`SELECT "userId", ${counters}, "lastActivityAt" FROM "ReportLearnerStats"
        WHERE "organizationId" = ${org}::uuid AND ((${counters}) <> ${zeros} OR "lastActivityAt" IS NOT NULL)`,
    ),
    instructorLearner: await rows(
      Prisma.sql`SELECT "instructorId", "userId", ${counters}, "lastActivityAt" FROM "ReportInstructorLearnerStats"
        WHERE "organizationId" = ${org}::uuid AND ((${counters}) <> ${zeros} OR "lastActivityAt" IS NOT NULL)`,
    ),
    group: await rows(
      Prisma.sql`SELECT "groupId", "shard", "members", ${counters} FROM "ReportGroupStats"
        WHERE "organizationId" = ${org}::uuid AND ("members" <> 0 OR (${counters}) <> ${zeros})`,
    ),
    enrollment: await rows(
      Prisma.sql`SELECT "id", "lessonScoreSum", "lessonScoreCount", "lessonsPassed", "lessonsFailed", "lessonTimeSeconds"
        FROM "Enrollment" WHERE "organizationId" = ${org}::uuid`,
    ),
  };
}

/** report.rebuild in a transaction of its own: every summary of the organization, or only these rows'. */
async function rebuild(org: string, only?: { courses: string[]; learners: string[]; groups: string[] }) {
  await testDb().$transaction((tx) =>
    queryRows(
      Prisma.sql`SELECT 1 FROM report.rebuild(${org}::uuid, ${only?.courses ?? null}::uuid[], ${only?.learners ?? null}::uuid[], ${only?.groups ?? null}::uuid[])`,
      tx,
    ),
  );
}

describe("report summaries", () => {
  it("equal a recomputation from scratch after a random mix of writes", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        const org = await freshOrg();
        for (const o of ops) await apply(org, o);
        await compare(org.tenant.id);
        runs += 1;
      }),
      { numRuns: 12 },
    );
    expect(runs).toBe(12);
  }, 240_000);

  it("are what the rebuild computes from scratch, in full or for some courses, learners and groups", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 5, maxLength: 40 }),
        fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }),
        async (ops, picks) => {
          const org = await freshOrg();
          const organizationId = org.tenant.id;
          for (const o of ops) await apply(org, o);
          const kept = await summaryTables(organizationId);
          // Some of the organization's courses, learners and groups (the refresh's way), then all of them.
          const some = <T>(list: T[], offset: number) => list.filter((_, i) => picks[(i + offset) % picks.length]);
          await rebuild(organizationId, {
            courses: some(
              org.courses.map((c) => c.id),
              0,
            ),
            learners: some(org.learners, 3),
            groups: some(org.groups, 9),
          });
          expect(await summaryTables(organizationId), "after rebuilding some rows").toEqual(kept);
          await rebuild(organizationId);
          expect(await summaryTables(organizationId), "after the full rebuild").toEqual(kept);
          runs += 1;
        },
      ),
      { numRuns: 12 },
    );
    expect(runs).toBe(12);
  }, 240_000);

  // Lesson progress and an enrollment's update reach the summaries as their transaction commits; every
  // other writer first adds what is pending. A transaction of many writes of every kind checks that order.
  it("a random mix of writes in one transaction leaves them right, and nothing pending", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const org = await freshOrg();
        await testDb().$transaction(
          async (tx) => {
            for (const o of ops) await apply(org, o, tx);
          },
          { timeout: 60_000 },
        );
        await compare(org.tenant.id);
        expect(await rows(Prisma.sql`SELECT count(*) AS "pending" FROM report_pending."change"`)).toEqual([
          `{"pending":0}`,
        ]);
        runs += 1;
      }),
      { numRuns: Number(process.env.PENDING_RUNS ?? 8) },
    );
    expect(runs).toBe(Number(process.env.PENDING_RUNS ?? 8));
  }, 240_000);

  it("a concurrent mix of writes leaves them right too", async () => {
    const org = await freshOrg();
    const ops = fc.sample(
      op.filter(
        (o) => !["deleteLearner", "deleteLesson", "deleteGroup", "deleteInstructor", "deleteCourse"].includes(o.kind),
      ),
      { numRuns: 120, seed: 42 },
    );
    // Four writers at once, each through its own connections.
    const lanes = [0, 1, 2, 3].map((lane) => ops.filter((_, i) => i % 4 === lane));
    await Promise.all(
      lanes.map(async (lane) => {
        for (const o of lane)
          await apply(org, o).catch((error: { code?: string }) => {
            // The test reads, then writes: another lane may have made the same row (P2002), deleted the
            // enrollment it writes under (P2003) or the row it deletes (P2025) in between. The write fails as a
            // whole, which is fine. A deadlock (P2034) is not.
            if (!["P2002", "P2003", "P2025"].includes(error.code ?? "")) throw error;
          });
      }),
    );
    await compare(org.tenant.id);
  }, 120_000);

  // A class finishing a quiz at once changes the same course's, day's and lesson's summaries. Each change
  // goes to its enrollment's shard, so a learner's commit does not wait for another's still open (a
  // commit holds its rows until it is flushed to disk). The first transaction here adds its change at
  // once, instead of at its commit, and stays open while the second commits.
  it("a learner's progress commits while another's in the same course is still open", async () => {
    const org = await freshOrg();
    const course = org.courses[0]!;
    for (let learner = 0; learner < 6; learner++)
      await apply(org, { kind: "enroll", course: 0, learner, status: "active", progress: 0, opened: true, day: 1 });
    const placed = await queryRows<{ id: string; shard: number }>(
      Prisma.sql`SELECT "id", report.shard("id") AS "shard" FROM "Enrollment" WHERE "courseId" = ${course.id}::uuid`,
      testDb(),
    );
    const first = placed[0]!;
    const second = placed.find((e) => e.shard !== first.shard)!;
    const lesson = await testDb().lesson.findFirstOrThrow({ where: { courseId: course.id }, orderBy: { id: "asc" } });
    const progress = (enrollmentId: string) => ({
      organizationId: org.tenant.id,
      courseId: course.id,
      enrollmentId,
      lessonId: lesson.id,
      status: "completed" as const,
      successStatus: "passed",
      scoreScaled: 0.8,
      timeSpentSeconds: 60,
    });

    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const open = testDb().$transaction(
      async (tx) => {
        await queryRows(Prisma.sql`SET CONSTRAINTS ALL IMMEDIATE`, tx);
        await tx.lessonProgress.create({ data: progress(first.id) });
        held();
        await released;
      },
      { timeout: 30_000 },
    );
    await holding;
    const committed = testDb()
      .$transaction(async (tx) => {
        await queryRows(Prisma.sql`SELECT set_config('lock_timeout', '5s', true)`, tx);
        await tx.lessonProgress.create({ data: progress(second.id) });
      })
      .then(
        () => "committed",
        (error: Error) => error.message,
      );
    expect(await committed).toBe("committed");
    release();
    await open;
    await compare(org.tenant.id);
  }, 60_000);
});

describe("POST /api/reports/refresh", () => {
  it("learners 403, anonymous 401; instructors refresh but may not rebuild everything", async () => {
    const org = await freshOrg();
    const as = async (role: "learner" | "instructor" | "org_admin" | "admin", path = "/api/reports/refresh") =>
      call(org.tenant.subdomain, path, {
        method: "POST",
        bearer: await cachedSignIn(org.tenant.subdomain, org.tenant.users[role]),
      });
    expect((await call(org.tenant.subdomain, "/api/reports/refresh", { method: "POST" })).status).toBe(401);
    expect((await as("learner")).status).toBe(403);
    expect((await as("instructor")).status).toBe(200);
    expect((await as("instructor", "/api/reports/refresh?full=true")).status).toBe(403);
    expect((await as("org_admin", "/api/reports/refresh?full=true")).status).toBe(200);
    const again = await as("admin");
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ full: false, organizations: 0, courses: 0, learners: 0, groups: 0 });
  });

  it("repairs summaries that drifted: what changed since the last refresh, or everything with full=true", async () => {
    const org = await freshOrg();
    const admin = await cachedSignIn(org.tenant.subdomain, org.tenant.users.org_admin);
    const refresh = (full = false) =>
      call(org.tenant.subdomain, `/api/reports/refresh${full ? "?full=true" : ""}`, { method: "POST", bearer: admin });
    await apply(org, { kind: "enroll", course: 0, learner: 0, status: "active", progress: 10, opened: true, day: 1 });
    expect((await refresh()).json.organizations).toBe(1); // never reconciled: a full rebuild
    // A write the triggers did not see (a bulk load with them off, a psql session).
    await testDb().$transaction(async (tx) => {
      await queryRows(Prisma.sql`SELECT set_config('lms.report_triggers', 'off', true)`, tx);
      await tx.enrollment.updateMany({
        where: { organizationId: org.tenant.id },
        data: { status: "completed", completedAt: new Date("2026-01-05T00:00:00Z") },
      });
    });
    const stale = await testDb().reportCourseStats.findFirst({
      where: { organizationId: org.tenant.id, courseId: org.courses[0]!.id },
    });
    expect(stale?.completed).toBe(0);
    await new Promise((r) => setTimeout(r, 10));
    const repaired = await refresh();
    expect(repaired.json).toMatchObject({ organizations: 1, courses: 1, learners: 1 });
    await compare(org.tenant.id);
    // Drift with no base change is found by the full rebuild only.
    await testDb().reportCourseStats.updateMany({ where: { organizationId: org.tenant.id }, data: { enrolled: 999 } });
    expect((await refresh(true)).status).toBe(200);
    await compare(org.tenant.id);
  });
});
