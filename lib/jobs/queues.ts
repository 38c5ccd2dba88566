import type PgBoss from "pg-boss";

// Every queue of the product, its retry and expiry policy, and the cron schedule of periodic ones.
// A worker that dies mid-job leaves it "active" until it expires; pg-boss then retries it (retryLimit),
// so a handler must be safe to run again (every handler here is written that way).

interface QueueDefinition {
  queue: Omit<PgBoss.Queue, "name">;
  /** Cron (UTC) for periodic jobs; their data is {}. */
  cron?: string;
}

export const JOB_QUEUES = {
  /** Deletes expired sign-in rate-limit counters and spent or expired single-use tokens. */
  "maintenance.cleanup": { queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 }, cron: "7 * * * *" },
  /**
   * Sent with each message, due 15 minutes later: e-mails the participants who have not read it yet
   * (once per conversation until they read it). A group conversation mails every member in one job.
   */
  "messages.unread-email": { queue: { retryLimit: 5, retryDelay: 120, retryBackoff: true, expireInSeconds: 30 * 60 } },
  /**
   * A CSV user import's dry run or real run (lib/server/imports/process.ts): each job works ~15 s of
   * batches, then queues its continuation, so a dead worker's job expires after a minute and is retried
   * (each batch records its rows in the transaction that applies them: nothing is applied twice).
   */
  "imports.process": { queue: { retryLimit: 20, retryDelay: 2, expireInSeconds: 60 } },
  /**
   * A question import's dry run or run (lib/server/question-imports/process.ts): like imports.process, ~15 s
   * of batches a job, each batch marking the questions it created, so a retried job creates nothing twice.
   */
  "question-imports.process": { queue: { retryLimit: 20, retryDelay: 2, expireInSeconds: 60 } },
  /** The invitation e-mails of an import's new users, once its run ends: one queued and one running per import (singletonKey). */
  "imports.invitations": { queue: { policy: "stately", retryLimit: 10, retryDelay: 30, expireInSeconds: 5 * 60 } },
  /**
   * Daily: reminds learners whose certificates expire within their course's lead time, and enrolls them for
   * the next round where the course says so (lib/server/certificates/expiry.ts; safe to run twice).
   */
  "certificates.expiry": { queue: { retryLimit: 3, retryDelay: 300, expireInSeconds: 30 * 60 }, cron: "17 3 * * *" },
  /**
   * Sends the webhook deliveries that are due, looking again every second for 55 s
   * (lib/server/webhooks/dispatch.ts); each job queues the next as it ends (lib/jobs/worker.ts), and the cron
   * starts a chain again should one die. Not retried: rows a dead job had claimed come due again when their
   * lease ends.
   */
  "webhooks.dispatch": { queue: { retryLimit: 0, expireInSeconds: 120 }, cron: "* * * * *" },
  /**
   * Every ten minutes: cmi5 sessions whose LRS credential can no longer be used are Abandoned
   * (lib/server/cmi5/session-timeout.ts; a session already ended is left alone, so a rerun is safe).
   */
  "cmi5.session-timeout": { queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 10 * 60 }, cron: "*/10 * * * *" },
  /**
   * Every minute: quiz attempts past their deadline are submitted with the answers saved before it
   * (lib/server/quizzes/deadline.ts; an attempt already submitted is left alone, so a rerun is safe).
   */
  "quizzes.deadline": { queue: { retryLimit: 3, retryDelay: 30, expireInSeconds: 5 * 60 }, cron: "* * * * *" },
} satisfies Record<string, QueueDefinition>;

export type JobName = keyof typeof JOB_QUEUES;
