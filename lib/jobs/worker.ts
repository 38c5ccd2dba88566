import "server-only";
import type PgBoss from "pg-boss";
import { jobQueue } from "@/lib/jobs/queue";
import { runLoggedJob } from "@/lib/log/job-log";
import { JOB_QUEUES, type JobName } from "@/lib/jobs/queues";
import { sendImportInvitations, type ImportInvitationsJob } from "@/lib/server/imports/invitations";
import { processImport, type ImportJob } from "@/lib/server/imports/process";
import { cleanupExpiredRows } from "@/lib/server/maintenance/cleanup";
import { sendUnreadEmails, type UnreadEmailJob } from "@/lib/server/messages/unread-email";

// What each queue's worker does. Handlers take the job's data and may run again after a crash.
const HANDLERS: Record<JobName, (data: object, job: PgBoss.Job<object>) => Promise<unknown>> = {
  "maintenance.cleanup": () => cleanupExpiredRows(),
  "messages.unread-email": (data) => sendUnreadEmails(data as UnreadEmailJob),
  "imports.process": (data) => processImport(data as ImportJob),
  "imports.invitations": (data) => sendImportInvitations(data as ImportInvitationsJob),
};

/** Starts a worker for every queue of this process and registers the periodic schedules. */
export async function startWorkers(): Promise<void> {
  const boss = await jobQueue();
  for (const name of Object.keys(JOB_QUEUES) as JobName[]) {
    await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) return runLoggedJob(name, job.id, () => HANDLERS[name](job.data, job));
    });
    const { cron } = JOB_QUEUES[name] as { cron?: string };
    if (cron) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }
}
