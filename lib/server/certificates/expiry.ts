import "server-only";
import { db, queryRows } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { certificateDate } from "@/lib/certificates/fields";
import { lockEnrollments } from "@/lib/server/progress/recompute";
import { sendOrganizationMail } from "@/lib/server/mail/organization-mail";
import { recordCertificateEvents } from "@/lib/server/webhooks/events";
import { tenantOrigin } from "@/lib/tenancy/host";

// The daily expiry job. A certificate whose course gives it a validity is due a reminder N days before it
// expires (N per course, 30 by default): the learner gets a message and an e-mail, and, when the course
// says so, starts the next round of the course. Safe to run twice: a certificate is claimed for its
// reminder by one statement (remindedAt set where it was null), and a round starts only from the round
// the certificate was issued in.

export interface ExpiryRun {
  reminded: number;
  reenrolled: number;
}

interface DueRow {
  id: string;
  organizationId: string;
  enrollmentId: string;
  round: number;
  userId: string;
  courseTitle: string;
  expiresAt: Date;
  recertify: boolean;
}

export async function runCertificateExpiry(now: Date = new Date()): Promise<ExpiryRun> {
  // TIMESTAMP(3) columns hold UTC: the instant goes in as its UTC wall time.
  const at = Prisma.sql`${now.toISOString()}::timestamp`;
  // The claim and its certificate.expiring events commit together: reported once, exactly when claimed.
  const due = await db().$transaction(async (tx) => {
    const rows = await queryRows<DueRow>(
      Prisma.sql`
      UPDATE "Certificate" AS ce SET "remindedAt" = ${at}
      FROM "Course" AS co
      WHERE co."organizationId" = ce."organizationId" AND co.id = ce."courseId"
        AND ce."remindedAt" IS NULL AND ce."revokedAt" IS NULL AND ce."expiresAt" IS NOT NULL
        AND ce."expiresAt" > ${at}
        AND ce."expiresAt" <= ${at} + make_interval(days => co."certificateReminderDays")
      RETURNING ce.id, ce."organizationId", ce."enrollmentId", ce.round, ce."userId", ce."courseTitle",
        ce."expiresAt", co."recertifyAutomatically" AS recertify`,
      tx,
    );
    await recordByOrganization(tx, "certificate.expiring", rows);
    return rows;
  });
  await reportExpired(at);
  let reenrolled = 0;
  for (const row of due) {
    if (row.recertify && (await startNextRound(row))) reenrolled++;
    await remind(row);
  }
  return { reminded: due.length, reenrolled };
}

/** Certificates whose validity has ended, each reported once (certificate.expired) as it is marked. */
async function reportExpired(at: Prisma.Sql): Promise<void> {
  await db().$transaction(async (tx) => {
    const rows = await queryRows<{ id: string; organizationId: string }>(
      Prisma.sql`
      UPDATE "Certificate" SET "expiryReportedAt" = ${at}
      WHERE "expiryReportedAt" IS NULL AND "revokedAt" IS NULL AND "expiresAt" IS NOT NULL AND "expiresAt" <= ${at}
      RETURNING id, "organizationId"`,
      tx,
    );
    await recordByOrganization(tx, "certificate.expired", rows);
  });
}

async function recordByOrganization(
  tx: Prisma.TransactionClient,
  type: "certificate.expiring" | "certificate.expired",
  rows: { id: string; organizationId: string }[],
): Promise<void> {
  const byOrganization = new Map<string, string[]>();
  for (const row of rows)
    byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.id]);
  for (const [organizationId, ids] of byOrganization)
    await recordCertificateEvents(tx, organizationId, type, { id: { in: ids } });
}

/**
 * Moves the round's progress and result to EnrollmentRound and starts the next round on the enrollment.
 * Nothing happens when the enrollment has moved on from the certificate's round already.
 */
export async function startNextRound(row: Pick<DueRow, "organizationId" | "enrollmentId" | "round">): Promise<boolean> {
  const { organizationId, enrollmentId, round } = row;
  return db().$transaction(async (tx) => {
    await lockEnrollments(tx, organizationId, [enrollmentId]);
    const enrollment = await tx.enrollment.findFirst({
      where: { organizationId, id: enrollmentId, round },
      select: { courseId: true, status: true, progressPercent: true, enrolledAt: true, completedAt: true },
    });
    if (!enrollment || enrollment.status === "withdrawn") return false;
    const lessons = await tx.lessonProgress.findMany({
      where: { organizationId, enrollmentId },
      select: {
        lessonId: true,
        status: true,
        successStatus: true,
        scoreScaled: true,
        timeSpentSeconds: true,
        completedAt: true,
      },
    });
    await tx.enrollmentRound.create({
      data: {
        organizationId,
        courseId: enrollment.courseId,
        enrollmentId,
        round,
        status: enrollment.status,
        progressPercent: enrollment.progressPercent,
        startedAt: enrollment.enrolledAt,
        completedAt: enrollment.completedAt,
        lessons: lessons as unknown as Prisma.InputJsonValue,
      },
    });
    await tx.lessonProgress.deleteMany({ where: { organizationId, enrollmentId } });
    await tx.enrollment.updateMany({
      where: { organizationId, id: enrollmentId, round },
      data: {
        round: round + 1,
        status: "active",
        progressPercent: 0,
        completedAt: null,
        lastLessonId: null,
        enrolledAt: new Date(),
      },
    });
    return true;
  });
}

async function remind(row: DueRow): Promise<void> {
  const [user, organization] = await Promise.all([
    db().user.findFirst({
      where: { organizationId: row.organizationId, id: row.userId, status: "active" },
      select: { email: true, firstName: true },
    }),
    db().organization.findFirst({
      where: { id: row.organizationId },
      select: { id: true, name: true, branding: true, subdomain: true },
    }),
  ]);
  if (!user || !organization) return;
  const subject = `Your certificate for ${row.courseTitle} expires on ${certificateDate(row.expiresAt)}`;
  const body = row.recertify
    ? `Hello ${user.firstName}, your certificate for ${row.courseTitle} expires on ${certificateDate(row.expiresAt)}. You have been enrolled in the course again: complete it to get a new certificate.`
    : `Hello ${user.firstName}, your certificate for ${row.courseTitle} expires on ${certificateDate(row.expiresAt)}. Take the course again to renew it.`;
  await db().$transaction(async (tx) => {
    const thread = await tx.messageThread.create({
      data: { organizationId: row.organizationId, subject },
      select: { id: true },
    });
    await tx.messageParticipant.create({
      data: { organizationId: row.organizationId, threadId: thread.id, userId: row.userId },
    });
    await tx.message.create({ data: { organizationId: row.organizationId, threadId: thread.id, body } });
  });
  const origin = tenantOrigin(organization.subdomain, env.APP_DOMAIN, env.APP_BASE_URL);
  await sendOrganizationMail(organization, origin, { to: user.email, subject, text: `${body}\n\n${origin}/dashboard` });
}
