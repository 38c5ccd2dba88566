import { Writable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { runLoggedJob } from "@/lib/log/job-log";
import { logger, sendLogTo } from "@/lib/log/logger";

// Job runs log one line each, with the job's id on it and on every line written while it runs.

const lines: Record<string, unknown>[] = [];
beforeAll(() => {
  sendLogTo(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString("utf8")) as Record<string, unknown>);
        done();
      },
    }),
  );
});

describe("runLoggedJob", () => {
  it("logs a completed run with its queue and job id, and tags what the job logs with the id", async () => {
    lines.length = 0;
    const result = await runLoggedJob("maintenance.cleanup", "job-1", async () => {
      logger().info("inside");
      return 42;
    });
    expect(result).toBe(42);
    expect(lines).toMatchObject([
      { msg: "inside", jobId: "job-1" },
      { msg: "job", level: "info", queue: "maintenance.cleanup", jobId: "job-1", outcome: "completed" },
    ]);
  });

  it("logs a failed run once, with the error's stack, and rethrows it", async () => {
    lines.length = 0;
    await expect(
      runLoggedJob("imports.process", "job-2", () => Promise.reject(new Error("the batch failed"))),
    ).rejects.toThrow("the batch failed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", queue: "imports.process", jobId: "job-2", outcome: "failed" });
    expect((lines[0]!.err as { stack: string }).stack).toContain("Error: the batch failed");
  });
});
