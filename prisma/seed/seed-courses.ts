import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { recomputeEnrollmentProgress } from "@/lib/server/progress/recompute";
import { importScormPackage } from "@/lib/server/scorm/import";
import { organizationPublicSelect } from "@/lib/server/selects";
import { signedInContext } from "@/lib/tenancy/context";
import { putObject } from "@/lib/storage/store";
import { DEMO_COURSES, type DemoCourse } from "./demo-data";

const ASSETS = path.join(import.meta.dirname, "assets");
const SCORM_PACKAGES = path.join(import.meta.dirname, "../../test/fixtures/scorm");

interface DemoPeople {
  instructor?: string;
  learner?: string;
  /** The template the courses with a certificate issue. */
  certificateTemplateId?: string;
}

const DAY = 86_400_000;

/** The demo courses of one organization; a course that exists (by title) is left as it is. */
export async function seedDemoCourses(db: PrismaClient, organizationId: string, people: DemoPeople): Promise<void> {
  for (const course of DEMO_COURSES) {
    if (await db.course.findFirst({ where: { organizationId, title: course.title }, select: { id: true } })) continue;
    await seedCourse(db, organizationId, course, people);
  }
}

async function seedCourse(db: PrismaClient, organizationId: string, c: DemoCourse, people: DemoPeople) {
  const category = await db.category.upsert({
    where: { organizationId_name: { organizationId, name: c.category } },
    create: { organizationId, name: c.category },
    update: {},
  });
  const course = await db.course.create({
    data: {
      organizationId,
      categoryId: category.id,
      title: c.title,
      description: c.description,
      status: c.status,
      allowSelfEnrollment: c.allowSelfEnrollment,
      publishedAt: c.status === "published" ? new Date() : null,
      createdById: people.instructor,
      ...(c.certificate && people.certificateTemplateId
        ? {
            certificateTemplateId: people.certificateTemplateId,
            certificateValidityMonths: c.certificate.validityMonths,
            certificateReminderDays: c.certificate.reminderDays,
            recertifyAutomatically: c.certificate.recertify,
          }
        : {}),
    },
  });
  if (people.instructor)
    await db.courseInstructor.create({ data: { organizationId, courseId: course.id, userId: people.instructor } });

  const lessonIds: string[] = [];
  for (const [m, mod] of c.modules.entries()) {
    const created = await db.module.create({
      data: { organizationId, courseId: course.id, title: mod.title, position: m + 1 },
    });
    for (const [l, lesson] of mod.lessons.entries()) {
      const base = {
        organizationId,
        courseId: course.id,
        moduleId: created.id,
        position: l + 1,
        title: lesson.title,
        kind: lesson.kind,
      };
      const content = await lessonContent(organizationId, lesson);
      const row = await db.lesson.create({ data: { ...base, ...content }, select: { id: true } });
      lessonIds.push(row.id);
      if (lesson.kind === "scorm" && people.instructor)
        await importDemoPackage(db, organizationId, course.id, row.id, people.instructor, lesson.packageFile);
    }
  }

  if (c.learnerCompleted !== undefined && people.learner) {
    // The learner's lessons were done on one day, `learnerDaysAgo` before the seed; had they completed the
    // course, it completed that day, and its certificate (issued by the completion) says so.
    const doneAt = new Date(Date.now() - (c.learnerDaysAgo ?? 0) * DAY);
    const enrollment = await db.enrollment.create({
      data: {
        organizationId,
        courseId: course.id,
        userId: people.learner,
        source: "manual",
        enrolledAt: new Date(doneAt.getTime() - 2 * DAY),
        lastAccessedAt: doneAt,
      },
    });
    const done = lessonIds.slice(0, c.learnerCompleted);
    await db.lessonProgress.createMany({
      data: done.map((lessonId) => ({
        organizationId,
        courseId: course.id,
        enrollmentId: enrollment.id,
        lessonId,
        status: "completed" as const,
        startedAt: doneAt,
        completedAt: doneAt,
      })),
    });
    await db.enrollment.update({ where: { id: enrollment.id }, data: { lastLessonId: done.at(-1) ?? null } });
    await db.$transaction((tx) =>
      recomputeEnrollmentProgress(tx, organizationId, enrollment.id, {
        completedAt: new Map([[enrollment.id, doneAt]]),
      }),
    );
  }
}

/** The instructor "uploads" the package: the same import an upload runs, from the repository's fixtures. */
async function importDemoPackage(
  db: PrismaClient,
  organizationId: string,
  courseId: string,
  lessonId: string,
  instructorId: string,
  packageFile: string,
) {
  const body = Readable.toWeb(createReadStream(path.join(SCORM_PACKAGES, packageFile))) as ReadableStream<Uint8Array>;
  const upload = new Request("http://demo.invalid/", {
    method: "PUT",
    body,
    headers: { "content-type": "application/zip" },
    duplex: "half",
  } as RequestInit);
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: organizationPublicSelect,
  });
  await importScormPackage(
    signedInContext(organization, { id: instructorId, role: "instructor" }),
    courseId,
    lessonId,
    upload,
  );
}

async function lessonContent(organizationId: string, lesson: DemoCourse["modules"][number]["lessons"][number]) {
  const isRequired = "isRequired" in lesson ? (lesson.isRequired ?? true) : true;
  if (lesson.kind === "text") return { body: lesson.body, isRequired };
  if (lesson.kind === "scorm") return {};
  const bytes = lesson.kind === "video" ? await readFile(path.join(ASSETS, lesson.asset)) : Buffer.from(lesson.content);
  const storageKey = `lessons/${organizationId}/demo-${randomUUID()}`;
  await putObject(storageKey, bytes);
  if (lesson.kind === "video") {
    return {
      storageKey,
      fileName: lesson.asset,
      fileSize: BigInt(bytes.length),
      mimeType: lesson.mimeType,
      durationSeconds: lesson.durationSeconds,
      isRequired,
    };
  }
  return { storageKey, fileName: lesson.fileName, fileSize: BigInt(bytes.length), mimeType: "text/plain", isRequired };
}
