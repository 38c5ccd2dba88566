import { z } from "zod";
import type { JobName } from "@/lib/jobs/queues";

// What each queue's jobs carry. A job's data is JSON in the queue's table: it may have been queued by an
// older release, or written by hand, so the worker parses it with its queue's schema before any handler
// sees it (lib/jobs/worker.ts), and sendJob parses what it queues. The handlers' own types must accept
// these (the worker's handler table does not compile otherwise).

const origin = z.string().min(1).optional();

export const JOB_PAYLOADS = {
  /** Periodic (cron): nothing to carry. */
  "maintenance.cleanup": z.object({}),
  "messages.unread-email": z.object({ organizationId: z.uuid(), threadId: z.uuid(), messageId: z.uuid() }),
  /** phase: the dry run ("check") or the real run; origin: the request's, whose scheme and port links keep. */
  "imports.process": z.object({ importId: z.uuid(), phase: z.enum(["check", "run"]), origin }),
  "imports.invitations": z.object({ importId: z.uuid(), origin }),
  "question-imports.process": z.object({ importId: z.uuid(), phase: z.enum(["check", "run"]) }),
  /** Periodic (cron): nothing to carry. */
  "certificates.expiry": z.object({}),
  "cmi5.session-timeout": z.object({}),
  "quizzes.deadline": z.object({}),
  /** Periodic (cron), and sent once by each worker process as it starts: nothing to carry. */
  "webhooks.dispatch": z.object({}),
} satisfies Record<JobName, z.ZodType>;

export type JobPayload<N extends JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;

/** A job whose data its queue's schema refuses: it can never succeed, so it is failed at once, never retried. */
export class InvalidJobPayload extends Error {
  constructor(name: JobName, error: z.ZodError) {
    const issues = error.issues.map((issue) => `${issue.path.join(".") || "(the data)"}: ${issue.message}`);
    super(`Invalid ${name} job: ${issues.join("; ")}`);
    this.name = "InvalidJobPayload";
  }
}

/** `data` as its queue's schema reads it, or an InvalidJobPayload saying what is wrong with it. */
export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const parsed = JOB_PAYLOADS[name].safeParse(data);
  if (!parsed.success) throw new InvalidJobPayload(name, parsed.error);
  return parsed.data as JobPayload<N>;
}
