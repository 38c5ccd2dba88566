import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { resumeCmi } from "@/lib/scorm/resume";
import { scoList } from "@/lib/scorm/sco-list";
import {
  scoProgressOf,
  type ScoProgress,
  type ScormAttemptState,
  type ScormLaunch,
  type ScormManifest,
  type ScormVersion,
} from "@/lib/scorm/types";
import { requireContentViewer, type CourseAccess } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { contentUrls } from "@/lib/server/scorm/content-host";
import { recordScormAttemptEvents } from "@/lib/server/xapi/tracking";
import { tenantOrganization, type TenantContext } from "@/lib/tenancy/context";

// What the lesson page hands the SCORM player: the package, the SCOs, the learner's attempt with each
// SCO's saved CMI prepared for resuming, and this visit's URLs on the organization's content host (the
// launch is what grants them: docs/scorm-player.md). Null when the lesson has no package yet.

const VERSION_OF: Record<string, ScormVersion> = {
  scorm12: "scorm12",
  scorm2004_2nd: "scorm2004_2nd",
  scorm2004_3rd: "scorm2004_3rd",
  scorm2004_4th: "scorm2004_4th",
};

const packageSelect = { id: true, scormVersion: true, manifest: true } as const;

/** `appOrigin`: the origin the viewer's page is on (scheme and port carry over to the content host). */
export async function loadScormLaunch(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  appOrigin: string,
): Promise<ScormLaunch | null> {
  const access = await requireContentViewer(ctx, courseId);
  const { organizationId } = access;
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (lesson.kind !== "scorm") throw new AppError("NOT_FOUND", "This lesson has no SCORM package");
  const [latest, user] = await Promise.all([
    db().scormPackage.findFirst({
      where: { organizationId, lessonId },
      orderBy: { version: "desc" },
      select: packageSelect,
    }),
    db().user.findFirstOrThrow({ where: { id: ctx.userId }, select: { firstName: true, lastName: true } }),
  ]);
  if (!latest) return null;
  const tracked = access.enrollment && access.enrollment.status !== "withdrawn" ? access.enrollment.id : null;
  const chosen = tracked ? await chooseAttempt(access, tracked, lessonId, latest.id) : null;
  const pkg =
    chosen && chosen.packageId !== latest.id
      ? await db().scormPackage.findFirstOrThrow({
          where: { organizationId, id: chosen.packageId },
          select: packageSelect,
        })
      : latest;
  const manifest = pkg.manifest as unknown as ScormManifest;
  const version = VERSION_OF[pkg.scormVersion] ?? manifest.version;
  const content = contentUrls(tenantOrganization(ctx).subdomain, appOrigin, {
    organizationId,
    packageId: pkg.id,
    userId: ctx.userId,
    attemptId: chosen?.id ?? null,
  });
  return {
    lessonId,
    courseId,
    packageId: pkg.id,
    version,
    content,
    scos: scoList(manifest),
    manifest,
    attempt: chosen ? await attemptState(organizationId, chosen, version) : null,
    learner: { id: ctx.userId, name: `${user.firstName} ${user.lastName}`.trim() },
  };
}

interface ChosenAttempt {
  id: string;
  attemptNumber: number;
  packageId: string;
  mode: "normal" | "review";
}

/**
 * None yet → attempt 1; the latest ended by the learner (exitAll) and not completed → the next one; the
 * latest completed → the next one if the course allows retakes, else review.
 */
async function chooseAttempt(
  access: CourseAccess,
  enrollmentId: string,
  lessonId: string,
  latestPackageId: string,
): Promise<ChosenAttempt> {
  const { organizationId, courseId } = access;
  const [latest, course] = await Promise.all([
    db().scormAttempt.findFirst({
      where: { organizationId, enrollmentId, lessonId },
      orderBy: { attemptNumber: "desc" },
      select: { id: true, attemptNumber: true, packageId: true, completedAt: true, endedAt: true },
    }),
    db().course.findFirstOrThrow({ where: { organizationId, id: courseId }, select: { allowRetakes: true } }),
  ]);
  if (latest && !latest.completedAt && !latest.endedAt) return { ...latest, mode: "normal" };
  if (latest?.completedAt && !course.allowRetakes) return { ...latest, mode: "review" };
  const attemptNumber = (latest?.attemptNumber ?? 0) + 1;
  // Two tabs may launch at once: the unique (enrollment, lesson, attempt number) lets one insert win, and
  // the winner records the attempt's start (xAPI "initialized") with it.
  await db().$transaction(async (tx) => {
    const [made] = await tx.scormAttempt.createManyAndReturn({
      data: [{ organizationId, courseId, enrollmentId, lessonId, packageId: latestPackageId, attemptNumber }],
      skipDuplicates: true,
      select: { id: true },
    });
    if (made)
      await recordScormAttemptEvents(tx, organizationId, { attemptId: made.id, courseId, lessonId, enrollmentId }, [
        { verb: "initialized" },
      ]);
  });
  const created = await db().scormAttempt.findFirstOrThrow({
    where: { organizationId, enrollmentId, lessonId, attemptNumber },
    select: { id: true, attemptNumber: true, packageId: true },
  });
  return { ...created, mode: "normal" };
}

/** The attempt as a player starts it: each SCO's saved CMI prepared for resuming, the statuses, the globals. */
export async function attemptState(
  organizationId: string,
  chosen: Pick<ChosenAttempt, "id" | "attemptNumber" | "mode">,
  version: ScormVersion,
): Promise<ScormAttemptState> {
  if (chosen.mode === "normal") {
    // A session left open (no terminate commit) is closed here: its time stays counted, the next starts at 0.
    await db().scormScoState.updateMany({
      where: { organizationId, attemptId: chosen.id, sessionSeconds: { gt: 0 } },
      data: { sessionSeconds: 0 },
    });
  }
  const [attempt, scos] = await Promise.all([
    db().scormAttempt.findFirstOrThrow({
      where: { organizationId, id: chosen.id },
      select: {
        globals: true,
        globalsSequence: true,
        sequencingState: true,
        sequencingSequence: true,
        lastScoId: true,
        playerGeneration: true,
      },
    }),
    db().scormScoState.findMany({
      where: { organizationId, attemptId: chosen.id },
      select: {
        scoId: true,
        cmi: true,
        exit: true,
        totalTimeSeconds: true,
        commitSequence: true,
        completionStatus: true,
        successStatus: true,
      },
    }),
  ]);
  const scoCmi: Record<string, Record<string, unknown>> = {};
  const scoStatus: Record<string, ScoProgress> = {};
  for (const sco of scos) {
    scoCmi[sco.scoId] = resumeCmi(version, sco);
    scoStatus[sco.scoId] = scoProgressOf(sco.completionStatus, sco.successStatus);
  }
  const lastSequence = Math.max(
    attempt.globalsSequence,
    attempt.sequencingSequence,
    ...scos.map((s) => s.commitSequence),
  );
  return {
    attemptId: chosen.id,
    attemptNumber: chosen.attemptNumber,
    mode: chosen.mode,
    lastSequence,
    lastScoId: attempt.lastScoId,
    scoStatus,
    scoCmi,
    globals: (attempt.globals ?? {}) as Record<string, unknown>,
    sequencing: isRecord(attempt.sequencingState) ? attempt.sequencingState : null,
    playerGeneration: attempt.playerGeneration,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
