import { createCategory, createCourse, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";

// A hand-built organization for the report tests: every figure the tests expect is counted by hand in
// the comments below.
//
// Course C1 (category K, taught by instructor I1): lessons T1 (text) and S1 (SCORM), both required.
//   L1: completed, 100 %, enrolled 2026-01-10, completed 2026-01-12, active 2 days ago;
//       T1 completed (100 s), S1 completed, passed, score 0.8 (300 s)
//   L2: active, 50 %, enrolled 2026-01-11, active 10 days ago; T1 completed (60 s)
//   L3: active, 0 %, enrolled 2026-01-11, never opened
// Course C2 (no category, taught by instructor I2): one text lesson.
//   L1: active, 0 %, enrolled 2026-02-01, active 40 days ago (in progress)
//   L3: withdrawn, enrolled 2026-02-02
// Course C3 (no enrollments). Group G: L1 and L2.
export interface ReportWorld {
  tenant: TestTenant;
  instructor1: TestUser;
  instructor2: TestUser;
  learners: [TestUser, TestUser, TestUser];
  category: { id: string; name: string };
  c1: TestCourse;
  c2: TestCourse;
  c3: TestCourse;
  groupId: string;
}

const DAY = 86_400_000;

export async function buildReportWorld(): Promise<ReportWorld> {
  const tenant = await createTenant();
  const org = tenant.id;
  const instructor1 = tenant.users.instructor;
  const instructor2 = await createUser(org, "instructor");
  const learners = [
    await createUser(org, "learner", { firstName: "Ada" }),
    await createUser(org, "learner", { firstName: "Bo" }),
    await createUser(org, "learner", { firstName: "Cy" }),
  ] as [TestUser, TestUser, TestUser];
  const category = await createCategory(org);
  const c1 = await createCourse(org, {
    title: uniqueName("Course one "),
    categoryId: category.id,
    instructorIds: [instructor1.id],
    modules: [{ lessons: [{ kind: "text" }, { kind: "scorm" }] }],
  });
  const c2 = await createCourse(org, {
    title: uniqueName("Course two "),
    instructorIds: [instructor2.id],
    modules: [{ lessons: [{ kind: "text" }] }],
  });
  const c3 = await createCourse(org, { title: uniqueName("Course three "), instructorIds: [instructor2.id] });
  const db = testDb();
  const now = Date.now();
  const [t1, s1] = c1.lessons as [TestCourse["lessons"][0], TestCourse["lessons"][0]];
  const [l1, l2, l3] = learners;

  const e = (
    courseId: string,
    userId: string,
    data: {
      status: "active" | "completed" | "withdrawn";
      progressPercent: number;
      enrolledAt: string;
      completedAt?: string;
      lastAccessedAt?: Date;
    },
  ) =>
    db.enrollment.create({
      data: {
        organizationId: org,
        courseId,
        userId,
        status: data.status,
        progressPercent: data.progressPercent,
        enrolledAt: new Date(data.enrolledAt),
        completedAt: data.completedAt ? new Date(data.completedAt) : null,
        lastAccessedAt: data.lastAccessedAt ?? null,
        withdrawnAt: data.status === "withdrawn" ? new Date(data.enrolledAt) : null,
      },
    });
  const e11 = await e(c1.id, l1.id, {
    status: "completed",
    progressPercent: 100,
    enrolledAt: "2026-01-10T09:00:00Z",
    completedAt: "2026-01-12T15:00:00Z",
    lastAccessedAt: new Date(now - 2 * DAY),
  });
  const e12 = await e(c1.id, l2.id, {
    status: "active",
    progressPercent: 50,
    enrolledAt: "2026-01-11T09:00:00Z",
    lastAccessedAt: new Date(now - 10 * DAY),
  });
  await e(c1.id, l3.id, { status: "active", progressPercent: 0, enrolledAt: "2026-01-11T23:59:00Z" });
  await e(c2.id, l1.id, {
    status: "active",
    progressPercent: 0,
    enrolledAt: "2026-02-01T00:00:00Z",
    lastAccessedAt: new Date(now - 40 * DAY),
  });
  await e(c2.id, l3.id, { status: "withdrawn", progressPercent: 0, enrolledAt: "2026-02-02T12:00:00Z" });

  const lp = (
    enrollmentId: string,
    lessonId: string,
    data: { timeSpentSeconds: number; successStatus?: string; scoreScaled?: number },
  ) =>
    db.lessonProgress.create({
      data: {
        organizationId: org,
        courseId: c1.id,
        enrollmentId,
        lessonId,
        status: "completed",
        completedAt: new Date("2026-01-12T12:00:00Z"),
        ...data,
      },
    });
  await lp(e11.id, t1.id, { timeSpentSeconds: 100 });
  await lp(e11.id, s1.id, { timeSpentSeconds: 300, successStatus: "passed", scoreScaled: 0.8 });
  await lp(e12.id, t1.id, { timeSpentSeconds: 60 });

  const group = await db.group.create({ data: { organizationId: org, name: uniqueName("Group ") } });
  await db.groupMember.createMany({
    data: [l1, l2].map((l) => ({ organizationId: org, groupId: group.id, userId: l.id })),
  });
  return { tenant, instructor1, instructor2, learners, category, c1, c2, c3, groupId: group.id };
}
