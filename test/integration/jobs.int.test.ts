import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { jobQueue, sendJob, stopJobQueue } from "@/lib/jobs/queue";
import { createTenant, testDb } from "@/test/factories";

// The job queue end to end: this test sends, the test server's own workers (started with the app server,
// as `npm start` does) run the job on the same PostgreSQL.

afterAll(async () => {
  await stopJobQueue();
  await testDb().$disconnect();
});

async function waitForJob(name: string, id: string, timeoutMs = 20_000): Promise<string> {
  const boss = await jobQueue();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await boss.getJobById(name, id);
    if (job && (job.state === "completed" || job.state === "failed")) return job.state;
    if (Date.now() > deadline)
      throw new Error(`job ${name} ${id} still ${job?.state ?? "missing"} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("maintenance.cleanup, run by the app server's workers", () => {
  it("deletes expired rate-limit counters and old spent or expired reset tokens, and keeps the live ones", async () => {
    const db = testDb();
    const tag = `cleanup-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const hour = 60 * 60 * 1000;
    await db.rateLimitBucket.createMany({
      data: [
        { key: `${tag}:expired`, count: 3, resetAt: new Date(Date.now() - hour) },
        { key: `${tag}:live`, count: 3, resetAt: new Date(Date.now() + hour) },
      ],
    });
    const { users } = await createTenant();
    const day = 24 * hour;
    const tokens = await Promise.all(
      [
        { tokenHash: `${tag}-old-expired`, expiresAt: new Date(Date.now() - 8 * day) },
        {
          tokenHash: `${tag}-old-used`,
          expiresAt: new Date(Date.now() + hour),
          usedAt: new Date(Date.now() - 8 * day),
        },
        { tokenHash: `${tag}-recently-expired`, expiresAt: new Date(Date.now() - day) },
        { tokenHash: `${tag}-valid`, expiresAt: new Date(Date.now() + hour) },
      ].map((data) => db.passwordResetToken.create({ data: { userId: users.learner.id, ...data } })),
    );

    const id = await sendJob("maintenance.cleanup", {});
    expect(await waitForJob("maintenance.cleanup", id)).toBe("completed");

    const buckets = await db.rateLimitBucket.findMany({ where: { key: { startsWith: tag } }, select: { key: true } });
    expect(buckets.map((b) => b.key)).toEqual([`${tag}:live`]);
    const left = await db.passwordResetToken.findMany({
      where: { id: { in: tokens.map((t) => t.id) } },
      select: { tokenHash: true },
    });
    expect(left.map((t) => t.tokenHash).sort()).toEqual([`${tag}-recently-expired`, `${tag}-valid`]);
  });

  it("is scheduled every hour", async () => {
    const schedules = await (await jobQueue()).getSchedules();
    expect(schedules.filter((s) => s.name === "maintenance.cleanup").map((s) => s.cron)).toEqual(["7 * * * *"]);
  });
});

describe("a job whose data its queue's schema refuses", () => {
  it("fails at once with a message saying what is wrong, and the worker goes on with the next job", async () => {
    const boss = await jobQueue();
    // Sent past sendJob (which would refuse it), as an older release or a hand-written row could have.
    const bad = await boss.send("imports.process", { importId: "not-an-id", phase: "judge" });
    expect(bad).toBeTruthy();
    expect(await waitForJob("imports.process", bad!)).toBe("failed");
    const failed = await boss.getJobById("imports.process", bad!);
    const output = failed?.output as { message?: string } | undefined;
    expect(output?.message).toMatch(/^Invalid imports\.process job: importId: .+; phase: .+/);
    // Not retried: it can never succeed (the queue would otherwise try it 20 times).
    expect(failed?.retryCount).toBe(0);

    // The same queue's worker runs the next job: an import that is not there is done at once.
    const good = await sendJob("imports.process", { importId: randomUUID(), phase: "check" });
    expect(await waitForJob("imports.process", good)).toBe("completed");
  });
});
