import { expect } from "vitest";
import type { ManifestItem, ScormVersion } from "@/lib/scorm/types";
import { createCourse, enroll } from "@/test/course-factories";
import { createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// A learner of a new tenant course with a fresh attempt at a SCORM lesson, launched through the API: the
// commit path carries the visit's content token, good on any app server of the test database.

/** A SCO of a test manifest, launched from `{identifier}.html`; `extra` changes what a test needs. */
export const scoItem = (identifier: string, extra: Partial<ManifestItem> = {}): ManifestItem => ({
  identifier,
  title: identifier,
  resourceId: `r-${identifier}`,
  launch: `${identifier}.html`,
  scormType: "sco",
  isVisible: true,
  masteryScore: null,
  dataFromLms: null,
  maxTimeAllowed: null,
  timeLimitAction: null,
  completionThreshold: null,
  scaledPassingScore: null,
  objectives: [],
  sharedData: [],
  children: [],
  ...extra,
});

/**
 * A learner with a fresh attempt at a two-SCO SCORM lesson (1.2 unless told; plus a text lesson, so the
 * course is not done with it). `launchPath` launches it again as the learner (`bearer`).
 */
export async function learnerWithScormAttempt(
  tenant: TestTenant,
  scormVersion: ScormVersion = "scorm12",
): Promise<{
  learner: TestUser;
  attemptId: string;
  commitPath: string;
  enrollmentId: string;
  lessonId: string;
  launchPath: string;
  bearer: string;
}> {
  const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }, {}] }] });
  const lesson = course.lessons[0]!;
  const manifest = {
    identifier: "m",
    version: scormVersion,
    title: "Golf",
    organization: {
      identifier: "o",
      title: "Golf",
      items: [scoItem("sco1", { masteryScore: 80 }), scoItem("sco2", { masteryScore: 80 })],
    },
    resources: [],
    sequencing: null,
    globalObjectiveIds: [],
  };
  await testDb().scormPackage.create({
    data: {
      organizationId: tenant.id,
      lessonId: lesson.id,
      version: 1,
      scormVersion,
      title: "Golf",
      storagePrefix: `scorm/${lesson.id}/1`,
      launchPath: "sco1.html",
      manifest: manifest as object,
      sizeBytes: 100n,
      fileCount: 1,
    },
  });
  const learner = await createUser(tenant.id, "learner");
  const enrollment = await enroll(tenant.id, course.id, learner.id);
  const launchPath = `/api/courses/${course.id}/lessons/${lesson.id}/scorm/launch`;
  const bearer = await cachedSignIn(tenant.subdomain, learner);
  const launch = await call(tenant.subdomain, launchPath, { bearer });
  expect(launch.status).toBe(200);
  return {
    learner,
    attemptId: launch.json.attempt.attemptId,
    commitPath: new URL(launch.json.content.commitUrl).pathname,
    enrollmentId: enrollment.id,
    lessonId: lesson.id,
    launchPath,
    bearer,
  };
}
