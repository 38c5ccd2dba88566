import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendJob, stopJobQueue } from "@/lib/jobs/queue";
import { JOB_QUEUES } from "@/lib/jobs/queues";
import { processImport } from "@/lib/server/imports/process";
import { createTenant, testDb, uniqueName } from "@/test/factories";
import { uploadAndDryRun, waitForStatus, type As } from "@/test/imports";
import { cachedSignIn } from "@/test/session";

// A worker killed in the middle of an import's run (SIGKILL: no cleanup, a batch half done): the batch in
// flight is rolled back whole, the run resumes from the rows not yet recorded, and no row is applied
// twice, even with two workers resuming at once (the retried job and a continuation).

afterAll(async () => {
  await stopJobQueue();
  await testDb().$disconnect();
});

const ROWS = 3000;

describe("a worker that dies in the middle of a run", () => {
  it("leaves whole batches only, and the run resumes without applying a row twice", { timeout: 240_000 }, async () => {
    const db = testDb();
    const tenant = await createTenant();
    const as: As = { subdomain: tenant.subdomain, bearer: await cachedSignIn(tenant.subdomain, tenant.users.admin) };
    const group = await db.group.create({ data: { organizationId: tenant.id, name: "Crash group" } });
    const prefix = uniqueName("crash");
    const lines = Array.from({ length: ROWS }, (_, i) => `${prefix}-${i}@example.test,Cora,Crash${i},Crash group,,`);
    const imported = await uploadAndDryRun(
      as,
      `email,first_name,last_name,groups,password,status\n${lines.join("\n")}\n`,
    );
    expect(imported.check.create).toBe(ROWS);

    // The run's state as POST …/run sets it, worked by our own worker process (not the test server's).
    await db.userImport.update({
      where: { id: imported.id },
      data: { status: "running", startedAt: new Date(), phaseStartedAt: new Date(), processedRows: 0 },
    });
    const worker = spawn(
      process.execPath,
      ["--import", "tsx", "--import", "./server/server-only-hook.mjs", "test/fixtures/import-worker.ts", imported.id],
      { env: process.env, stdio: "ignore" },
    );
    const deadline = Date.now() + 120_000;
    for (;;) {
      const row = await db.userImport.findUniqueOrThrow({
        where: { id: imported.id },
        select: { processedRows: true },
      });
      if (row.processedRows >= 1000) break;
      if (Date.now() > deadline) throw new Error(`the worker applied only ${row.processedRows} rows in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    worker.kill("SIGKILL");
    await new Promise((resolve) => worker.once("exit", resolve));
    // PostgreSQL may still finish a COMMIT the dead process had sent: wait until nothing moves for 2 s.
    const processed = async () =>
      (await db.userImport.findUniqueOrThrow({ where: { id: imported.id }, select: { processedRows: true } }))
        .processedRows;
    for (
      let last = -1, now = await processed();
      now !== last;
      last = now, now = await new Promise((r) => setTimeout(r, 2000)).then(processed)
    );

    const users = () => db.user.count({ where: { organizationId: tenant.id, email: { startsWith: `${prefix}-` } } });
    const applied = () => db.userImportRow.count({ where: { importId: imported.id, appliedAt: { not: null } } });
    // One statement, one snapshot: the import's counters, the rows recorded, the users made, the memberships.
    const [atCrash] = await queryRows<{
      status: string;
      processed: number;
      created: number;
      applied: bigint;
      users: bigint;
      members: bigint;
    }>(
      Prisma.sql`SELECT i."status"::text AS "status", i."processedRows" AS "processed", i."createdCount" AS "created",
        (SELECT count(*) FROM "UserImportRow" r WHERE r."importId" = i."id" AND r."appliedAt" IS NOT NULL) AS "applied",
        (SELECT count(*) FROM "User" u WHERE u."organizationId" = i."organizationId" AND u."email" LIKE ${`${prefix}-%`}) AS "users",
        (SELECT count(*) FROM "GroupMember" m WHERE m."organizationId" = i."organizationId" AND m."groupId" = ${group.id}::uuid) AS "members"
      FROM "UserImport" i WHERE i."id" = ${imported.id}::uuid`,
      db,
    );
    expect(atCrash!.status).toBe("running");
    expect(atCrash!.processed).toBeGreaterThan(0);
    expect(atCrash!.processed).toBeLessThan(ROWS);
    // Whole batches only: the rows recorded, the users made and the counters agree.
    expect([Number(atCrash!.applied), Number(atCrash!.users), atCrash!.created, Number(atCrash!.members)]).toEqual([
      atCrash!.processed,
      atCrash!.processed,
      atCrash!.processed,
      atCrash!.processed,
    ]);

    // The queue retries a job whose worker died once it expires; here the retry and a second worker
    // resume at the same time.
    expect(JOB_QUEUES["imports.process"].queue).toMatchObject({ expireInSeconds: 60, retryLimit: 20 });
    await Promise.all([
      sendJob("imports.process", { importId: imported.id, phase: "run" }),
      processImport({ importId: imported.id, phase: "run" }),
    ]);
    const done = (await waitForStatus(as, imported.id, ["completed", "failed"], 120_000)).json;
    expect(done.status).toBe("completed");
    expect(done.run).toMatchObject({ created: ROWS, updated: 0, rejected: 0, failed: 0, not_applied: 0 });
    expect(await users()).toBe(ROWS);
    expect(await applied()).toBe(ROWS);
    expect(await db.groupMember.count({ where: { organizationId: tenant.id, groupId: group.id } })).toBe(ROWS);
    // Each row made one user, audited once.
    const rowUsers = await db.userImportRow.findMany({ where: { importId: imported.id }, select: { userId: true } });
    expect(new Set(rowUsers.map((r) => r.userId)).size).toBe(ROWS);
    const audits = await db.auditLog.count({
      where: { organizationId: tenant.id, action: "user.create", data: { path: ["import"], equals: imported.id } },
    });
    expect(audits).toBe(ROWS);
  });
});
