import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { JOB_PAYLOADS, type JobPayload } from "@/lib/jobs/payloads";
import { sendJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/log/logger";
import { sendOrganizationMail } from "@/lib/server/mail/organization-mail";
import { tenantOrigin } from "@/lib/tenancy/host";

// "You have an unread message": one e-mail per conversation, to a participant who has not read a message
// 15 minutes after it was sent, unless they switched these e-mails off in their profile. Another comes
// only once they have read up to the message they were told about (emailedUpTo ≤ lastReadAt).

export const UNREAD_EMAIL_DELAY_MS = 15 * 60_000;
/** A longer message is cut in the e-mail; the link leads to all of it. */
const MAIL_BODY_MAX = 2_000;

const jobSchema = JOB_PAYLOADS["messages.unread-email"];
export type UnreadEmailJob = JobPayload<"messages.unread-email">;

/** Queues the check for a message just sent. A queue failure must not fail the sending: it is logged. */
export async function queueUnreadEmail(job: UnreadEmailJob): Promise<void> {
  try {
    await sendJob("messages.unread-email", job, { startAfter: UNREAD_EMAIL_DELAY_MS / 1000 });
  } catch (error) {
    logger().error({ err: error }, "Could not queue the unread-message e-mail");
  }
}

/**
 * Claims the participants to tell, in one statement (rows another run holds are skipped, rows it has
 * claimed no longer qualify), so a retried or duplicated job mails nobody twice. `messageAt`: the
 * message's time, recorded as what they were told about; only a message older than the delay at `now` counts.
 */
const claimSql = (job: UnreadEmailJob, senderId: string | null, messageAt: Date, now: Date) => {
  const told = Prisma.sql`${messageAt.toISOString()}::timestamp`;
  return Prisma.sql`WITH due AS (
  SELECT p."userId", p."emailedUpTo" AS "previous"
  FROM "MessageParticipant" p
  JOIN "User" u ON u."id" = p."userId" AND u."organizationId" = p."organizationId"
  WHERE p."organizationId" = ${job.organizationId}::uuid AND p."threadId" = ${job.threadId}::uuid
    AND p."userId" IS DISTINCT FROM ${senderId}::uuid
    AND p."archivedAt" IS NULL
    AND COALESCE(p."lastReadAt", '-infinity'::timestamp) < ${told}
    AND (p."emailedUpTo" IS NULL OR p."emailedUpTo" <= COALESCE(p."lastReadAt", '-infinity'::timestamp))
    AND ${told} <= ${now.toISOString()}::timestamp - make_interval(secs => ${UNREAD_EMAIL_DELAY_MS / 1000}::double precision)
    AND u."status" = 'active' AND u."emailOnMessage"
  FOR UPDATE OF p SKIP LOCKED
)
UPDATE "MessageParticipant" p SET "emailedUpTo" = ${told}
FROM due JOIN "User" u ON u."id" = due."userId"
WHERE p."organizationId" = ${job.organizationId}::uuid AND p."threadId" = ${job.threadId}::uuid AND p."userId" = due."userId"
RETURNING p."userId" AS "userId", due."previous" AS "previous", u."email" AS "email", u."firstName" AS "firstName"`;
};

interface Claimed {
  userId: string;
  previous: Date | null;
  email: string;
  firstName: string;
}

/** The job's handler; `now` is a parameter so tests can run it at any time. Safe to run again. */
export async function sendUnreadEmails(data: UnreadEmailJob, now = new Date()): Promise<{ sent: number }> {
  const job = jobSchema.parse(data);
  const message = await db().message.findFirst({
    where: { organizationId: job.organizationId, threadId: job.threadId, id: job.messageId },
    select: {
      createdAt: true,
      body: true,
      senderId: true,
      sender: { select: { firstName: true, lastName: true, username: true } },
      thread: { select: { subject: true } },
      organization: { select: { id: true, name: true, branding: true, subdomain: true, status: true } },
    },
  });
  // Deleted meanwhile, or the organization is suspended: nobody is told.
  if (!message || message.organization.status !== "active") return { sent: 0 };

  const claimed = await queryRows<Claimed>(claimSql(job, message.senderId, message.createdAt, now));
  const origin = tenantOrigin(message.organization.subdomain, env.APP_DOMAIN, env.APP_BASE_URL);
  const sender = message.sender
    ? `${message.sender.firstName} ${message.sender.lastName}`.trim() || message.sender.username
    : "Someone";
  const failures: unknown[] = [];
  for (const person of claimed) {
    try {
      await sendOrganizationMail(message.organization, origin, {
        to: person.email,
        subject: `Unread message: ${message.thread.subject}`,
        text: [
          `Hello ${person.firstName},`,
          "",
          `${sender} wrote to you in "${message.thread.subject}" (${message.organization.name}):`,
          "",
          message.body.length > MAIL_BODY_MAX ? `${message.body.slice(0, MAIL_BODY_MAX)}…` : message.body,
          "",
          `Read and reply: ${origin}/messages/${job.threadId}`,
          "",
          "You get this e-mail because the message was still unread after 15 minutes. You will not get another about this",
          `conversation until you have read it. Switch these e-mails off in your profile: ${origin}/profile`,
        ].join("\n"),
      });
    } catch (error) {
      // Not told after all: the next try of the job may tell them.
      await db().messageParticipant.updateMany({
        where: { organizationId: job.organizationId, threadId: job.threadId, userId: person.userId },
        data: { emailedUpTo: person.previous },
      });
      failures.push(error);
    }
  }
  if (failures.length)
    throw new Error(`${failures.length} of ${claimed.length} unread-message e-mails failed`, { cause: failures[0] });
  return { sent: claimed.length };
}
