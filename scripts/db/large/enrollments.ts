import { v7 } from "uuid";
import type pg from "pg";
import { DAY, type CourseRef, type OrganizationRef } from "./catalog";
import { CopyWriter, timestamp } from "./copy-writer";
import { enrollmentsOf, LARGE_DATASET } from "./plan";
import { WeightedPicker, type Random } from "./random";

/** A UUIDv7 whose timestamp is `ms`, so ids sort by the time the row claims to have been created. */
const uuidV7 = (ms: number) => v7({ msecs: ms });

// Enrollments and the LessonProgress rows behind each one's progressPercent, streamed over two
// connections at once (two COPYs, two PostgreSQL backends busy while this process generates rows).

// lessonTimeSeconds: the sum of its lesson rows' time, as the report triggers would keep it (the load runs
// with them off, and the summaries' rebuild afterwards then only checks it instead of rewriting every row).
const ENROLLMENT_COLUMNS = [
  "id",
  "organizationId",
  "courseId",
  "userId",
  "status",
  "source",
  "progressPercent",
  "lastLessonId",
  "lastAccessedAt",
  "enrolledAt",
  "completedAt",
  "withdrawnAt",
  "updatedAt",
  "lessonTimeSeconds",
];
const PROGRESS_COLUMNS = [
  "id",
  "organizationId",
  "courseId",
  "enrollmentId",
  "lessonId",
  "status",
  "position",
  "timeSpentSeconds",
  "startedAt",
  "completedAt",
  "updatedAt",
];

type Learner = { id: string; createdAt: number };

export async function loadEnrollments(
  enrollmentClient: pg.Client,
  progressClient: pg.Client,
  organizations: OrganizationRef[],
  random: Random,
  now: number,
): Promise<{ Enrollment: number; LessonProgress: number }> {
  const enrollments = new CopyWriter(enrollmentClient, "Enrollment", ENROLLMENT_COLUMNS);
  const progress = new CopyWriter(progressClient, "LessonProgress", PROGRESS_COLUMNS);
  const writeEnrollment = enrollmentWriter(enrollments, progress, random, now);

  for (const org of organizations) {
    const courses = org.courses.filter((c) => c.enrollable);
    // Popularity follows a long tail: a few courses have over a thousand learners, most a few hundred.
    const order = courses.map((_, i) => i).sort(() => random.next() - 0.5);
    const weights = courses.map((_, i) => 1 / (order[i]! + 5) ** 0.8);
    const picker = new WeightedPicker(weights);

    // The heavy learner: always in the organization's first course, in progress (the benchmark's outline).
    const heavy = picker
      .pickDistinct(random, LARGE_DATASET.benchLearnerEnrollments)
      .filter((i) => i !== 0)
      .slice(0, LARGE_DATASET.benchLearnerEnrollments - 1);
    await writeEnrollment(org, courses[0]!, org.benchLearner, "in_progress");
    for (const i of heavy) await writeEnrollment(org, courses[i]!, org.benchLearner);

    for (const [j, learner] of org.learners.entries()) {
      for (const i of picker.pickDistinct(random, enrollmentCount(org.learners.length, j, enrollmentsOf(org.index))))
        await writeEnrollment(org, courses[i]!, learner);
    }
  }
  const [Enrollment, LessonProgress] = await Promise.all([enrollments.end(), progress.end()]);
  return { Enrollment, LessonProgress };
}

/**
 * How many enrollments learner j gets: the organization's total minus the heavy learner's, shared out
 * evenly, then varied by 0–8 (at most the even share) in pairs (one up, the next down by as much) so the
 * total stays exact.
 */
export function enrollmentCount(
  learners: number,
  j: number,
  organizationTotal: number = LARGE_DATASET.enrollmentsPerOrganization,
): number {
  const total = organizationTotal - LARGE_DATASET.benchLearnerEnrollments;
  const base = Math.floor(total / learners);
  const extra = j < total - base * learners ? 1 : 0;
  if (j === learners - 1 && learners % 2 === 1) return base + extra;
  // Never below zero: in the big organization most learners have no enrollment at all.
  return base + extra + (j % 2 === 0 ? Math.min(base, spreadFor(j)) : -Math.min(base, spreadFor(j - 1)));
}

/** 0–8 for the pair starting at an even index: both members of the pair must agree on it. */
function spreadFor(evenIndex: number): number {
  return (Math.imul(evenIndex + 1, 0x9e3779b1) >>> 28) % 9;
}

type Outcome = "not_started" | "in_progress" | "completed" | "withdrawn";

function enrollmentWriter(enrollments: CopyWriter, progress: CopyWriter, random: Random, now: number) {
  return async (org: OrganizationRef, course: CourseRef, learner: Learner, forced?: Outcome): Promise<void> => {
    const start = Math.max(course.publishedAt, learner.createdAt) + DAY;
    const enrolledAt = start + Math.floor(random.next() * (now - DAY - start));
    const roll = random.next();
    const outcome: Outcome =
      forced ?? (roll < 0.3 ? "not_started" : roll < 0.75 ? "in_progress" : roll < 0.95 ? "completed" : "withdrawn");
    const lessons = course.lessons;
    const n = lessons.length;
    // Lessons are done in outline order; most learners stop early (completion rates are low).
    // An active learner has a required lesson still to do (else the app would have completed them).
    const done =
      outcome === "completed"
        ? n
        : outcome === "in_progress"
          ? Math.min(course.lastRequiredIndex, Math.floor(n * random.next() ** 2))
          : outcome === "withdrawn"
            ? Math.floor(n * random.next() * 0.5)
            : 0;
    const current = outcome === "in_progress" ? lessons[done]! : null;
    const touched = done + (current ? 1 : 0);
    const lastAccessedAt = touched > 0 ? enrolledAt + Math.floor(random.next() * (now - enrolledAt)) : null;
    const id = uuidV7(enrolledAt);

    let requiredDone = 0;
    let secondsSpent = 0;
    for (let i = 0; i < touched; i += 1) {
      const lesson = lessons[i]!;
      const completed = i < done;
      if (completed && lesson.required) requiredDone += 1;
      const startedAt = enrolledAt + Math.floor(((lastAccessedAt! - enrolledAt) * i) / touched);
      const spent = random.int(60, 1200);
      secondsSpent += spent;
      const endAt = Math.min(startedAt + spent * 1000, lastAccessedAt!);
      const position =
        lesson.durationSeconds === null
          ? null
          : completed
            ? lesson.durationSeconds
            : random.int(0, lesson.durationSeconds - 1);
      await progress.row([
        uuidV7(startedAt),
        org.id,
        course.id,
        id,
        lesson.id,
        completed ? "completed" : "in_progress",
        position,
        spent,
        timestamp(startedAt),
        completed ? timestamp(endAt) : null,
        timestamp(endAt),
      ]);
    }

    // The same rule as the app: the share of required lessons completed, 100 only when all are.
    const percent = outcome === "completed" ? 100 : Math.floor((100 * requiredDone) / course.requiredCount);
    const status = outcome === "completed" ? "completed" : outcome === "withdrawn" ? "withdrawn" : "active";
    const lastLesson = current ?? (done > 0 ? lessons[done - 1]! : null);
    const withdrawnAt = outcome === "withdrawn" ? (lastAccessedAt ?? enrolledAt) + DAY : null;
    const endedAt = Math.min(now, withdrawnAt ?? lastAccessedAt ?? enrolledAt);
    await enrollments.row([
      id,
      org.id,
      course.id,
      learner.id,
      status,
      random.chance(0.75) ? "self" : "manual",
      percent,
      lastLesson?.id ?? null,
      lastAccessedAt === null ? null : timestamp(lastAccessedAt),
      timestamp(enrolledAt),
      outcome === "completed" ? timestamp(lastAccessedAt!) : null,
      withdrawnAt === null ? null : timestamp(Math.min(now, withdrawnAt)),
      timestamp(endedAt),
      secondsSpent,
    ]);
  };
}
