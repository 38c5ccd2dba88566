import { describe, expect, it } from "vitest";

// With a database that refuses connections and once shutting down, readiness says which checks failed,
// in sentences that name no host and no connection string. (Set before lib/env.ts reads the environment.)
process.env.DATABASE_URL = "postgres://postgres:hunter2@127.0.0.1:9/nowhere";
const { markJobWorkers, markShuttingDown } = await import("@/lib/ops/lifecycle");
const { checkReadiness } = await import("@/lib/ops/readiness");

describe("checkReadiness", () => {
  it("names the failed checks: a process shutting down, a database that does not answer, workers still starting", async () => {
    markShuttingDown();
    markJobWorkers("starting");
    const readiness = await checkReadiness();
    expect(readiness.ready).toBe(false);
    expect(readiness.checks.map(({ name, ok }) => [name, ok])).toEqual([
      ["process", false],
      ["database", false],
      ["migrations", false],
      ["storage", true],
      ["jobQueue", false],
    ]);
    expect(readiness.checks.map((c) => c.message)).toEqual([
      "The process is shutting down",
      "The database did not answer within 2 s",
      "Not checked: the database did not answer",
      "The file storage answers",
      "The job workers are starting",
    ]);
    expect(JSON.stringify(readiness)).not.toMatch(/hunter2|127\.0\.0\.1|nowhere/);
  });
});
