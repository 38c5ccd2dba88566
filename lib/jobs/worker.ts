import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { isJobQueueStopping, jobQueue } from "@/lib/jobs/queue";
import { InvalidJobPayload, parseJobPayload, type JobPayload } from "@/lib/jobs/payloads";
import { runLoggedJob } from "@/lib/log/job-log";
import { logger } from "@/lib/log/logger";
import { JOB_QUEUES, type JobName } from "@/lib/jobs/queues";
import { runCertificateExpiry } from "@/lib/server/certificates/expiry";
import { abandonTimedOutCmi5Sessions } from "@/lib/server/cmi5/session-timeout";
import { submitOverdueQuizAttempts } from "@/lib/server/quizzes/deadline";
import { sendImportInvitations } from "@/lib/server/imports/invitations";
import { processImport } from "@/lib/server/imports/process";
import { processQuestionImport } from "@/lib/server/question-imports/process";
import { cleanupExpiredRows } from "@/lib/server/maintenance/cleanup";
import { sendUnreadEmails } from "@/lib/server/messages/unread-email";
import { runWebhookDispatcher } from "@/lib/server/webhooks/dispatch";

// What each queue's worker does. Handlers take the job's data, parsed with its queue's schema
// (lib/jobs/payloads.ts), and may run again after a crash.
const HANDLERS: { [N in JobName]: (data: JobPayload<N>) => Promise<unknown> } = {
  "maintenance.cleanup": () => cleanupExpiredRows(),
  "messages.unread-email": (data) => sendUnreadEmails(data),
  "imports.process": (data) => processImport(data),
  "imports.invitations": (data) => sendImportInvitations(data),
  "question-imports.process": (data) => processQuestionImport(data),
  "certificates.expiry": () => runCertificateExpiry(),
  "cmi5.session-timeout": () => abandonTimedOutCmi5Sessions(),
  "quizzes.deadline": () => submitOverdueQuizAttempts(),
  "webhooks.dispatch": async () => {
    const run = await runWebhookDispatcher();
    await queueNextDispatch();
    return run;
  },
};

/** Runs one job of queue `name`: its data parsed first (an InvalidJobPayload when its schema refuses it). */
export async function runJob<N extends JobName>(name: N, data: unknown): Promise<unknown> {
  const handler: (data: JobPayload<N>) => Promise<unknown> = HANDLERS[name];
  return handler(parseJobPayload(name, data));
}

/**
 * The dispatcher watches for due webhooks one job after another: each queues the next as it ends, unless one
 * is queued already (the minute's cron job, another process's). A dead process's chain is taken up by the cron.
 */
async function queueNextDispatch(): Promise<void> {
  if (isJobQueueStopping()) return;
  const boss = await jobQueue();
  if ((await boss.getQueueSize("webhooks.dispatch")) === 0) await boss.send("webhooks.dispatch", {});
}

/**
 * A job that can never succeed is not retried: its retry limit is lowered to the tries it had, so when the
 * handler's error reaches pg-boss the job is failed for good, with that error as its output.
 */
async function failForGood(name: JobName, id: string): Promise<void> {
  await queryRows(
    Prisma.sql`UPDATE pgboss.job SET retry_limit = retry_count WHERE name = ${name} AND id = ${id}::uuid`,
  );
}

/** Starts a worker for every queue of this process and registers the periodic schedules. */
export async function startWorkers(): Promise<void> {
  const boss = await jobQueue();
  for (const name of Object.keys(JOB_QUEUES) as JobName[]) {
    await boss.work<unknown>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      return runLoggedJob(name, job.id, async () => {
        try {
          return await runJob(name, job.data);
        } catch (error) {
          // The job fails (pg-boss records the error, runLoggedJob logs it); the worker goes on with the next one.
          if (error instanceof InvalidJobPayload) {
            await failForGood(name, job.id).catch((cause: unknown) =>
              logger().error({ queue: name, jobId: job.id, err: cause }, "job may be retried"),
            );
          }
          throw error;
        }
      });
    });
    const { cron } = JOB_QUEUES[name] as { cron?: string };
    if (cron) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }
  // Webhooks go out from now, not from the next minute's job.
  await queueNextDispatch();
}
