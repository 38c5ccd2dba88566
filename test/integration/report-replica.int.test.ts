import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { applyMigrations } from "@/server/database/schema-engine";
import { copyDatabase, createFreshDatabase, withClient } from "@/server/database/postgres";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, useTestDatabase, type TestTenant } from "@/test/factories";
import { call, testPort } from "@/test/http";

// DATABASE_REPLICA_URL: the reports' reads and the CSV exports go to the replica, everything else (the
// summaries' refresh, the course pages, sign-in) to the primary. No streaming replica can be started
// here, so the "replica" is a second database made as a copy of the primary (CREATE DATABASE … TEMPLATE)
// and then changed: a report that shows the copy's course title read the replica; a page that shows the
// primary's read the primary.

const PORT = testPort() + 83;
const PRIMARY_TITLE = "Water safety (primary)";
const REPLICA_TITLE = "Water safety (replica)";

let primary: { url: string; drop(): Promise<void> };
let replica: { url: string; drop(): Promise<void> };
let db: PrismaClient;
let app: AppServerChild;
let tenant: TestTenant;
let courseId: string;
let adminToken: string;

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_SERVER_URL!;
  primary = await createFreshDatabase(server, "lms_primary");
  await applyMigrations(primary.url);
  db = await useTestDatabase(primary.url);
  tenant = await createTenant();
  const course = await createCourse(tenant.id, { title: PRIMARY_TITLE, status: "published" });
  courseId = course.id;
  await enroll(tenant.id, course.id, (await createUser(tenant.id, "learner")).id);
  // The copy needs the primary without connections: the factories' client lets go first.
  await db.$disconnect();
  replica = await copyDatabase(server, primary.url, "lms_replica");
  await withClient(replica.url, (client) =>
    client.query(`UPDATE "Course" SET "title" = $1 WHERE "id" = $2`, [REPLICA_TITLE, courseId]),
  );
  db = await useTestDatabase(primary.url);
  app = await startAppServerChild(PORT, { DATABASE_URL: primary.url, DATABASE_REPLICA_URL: replica.url });
  const signIn = await call(tenant.subdomain, "/auth/login", {
    port: PORT,
    json: { email: tenant.users.admin.email, password: tenant.users.admin.password },
  });
  expect(signIn.status, signIn.text).toBe(200);
  adminToken = signIn.json.token;
}, 120_000);

afterAll(async () => {
  app?.process.kill("SIGTERM");
  await app?.exited;
  await db?.$disconnect();
  await replica?.drop();
  await primary?.drop();
});

const get = (path: string) => call(tenant.subdomain, path, { port: PORT, bearer: adminToken });

describe("DATABASE_REPLICA_URL", () => {
  it("report pages read the replica", async () => {
    const res = await get("/api/reports/courses");
    expect(res.status, res.text).toBe(200);
    expect(res.json.items.map((c: { title: string }) => c.title)).toEqual([REPLICA_TITLE]);
    const overview = await get("/api/reports/overview");
    expect(overview.status, overview.text).toBe(200);
    expect(JSON.stringify(overview.json)).toContain(REPLICA_TITLE);
  });

  it("report exports (cursor) and data exports (COPY) read the replica", async () => {
    const report = await get("/api/reports/courses/export");
    expect(report.status, report.text).toBe(200);
    expect(report.text).toContain(REPLICA_TITLE);
    expect(report.text).not.toContain(PRIMARY_TITLE);
    const exported = await get("/api/admin/exports/courses");
    expect(exported.status, exported.text).toBe(200);
    expect(exported.text).toContain(REPLICA_TITLE);
    expect(exported.text).not.toContain(PRIMARY_TITLE);
  });

  it("everything else reads the primary: the course itself and the catalog", async () => {
    const course = await get(`/api/courses/${courseId}`);
    expect(course.status, course.text).toBe(200);
    expect(course.json.title).toBe(PRIMARY_TITLE);
    const catalog = await get("/api/courses");
    expect(catalog.json.items.map((c: { title: string }) => c.title)).toContain(PRIMARY_TITLE);
  });

  it("the summaries' refresh writes the primary, never the replica", async () => {
    const refreshedAt = (url: string) =>
      withClient(url, async (client) => {
        const { rows } = await client.query<{ refreshedAt: Date }>(
          `SELECT "refreshedAt" FROM "ReportState" WHERE "organizationId" = $1`,
          [tenant.id],
        );
        return rows[0]?.refreshedAt ?? null;
      });
    const [primaryBefore, replicaBefore] = [await refreshedAt(primary.url), await refreshedAt(replica.url)];
    const res = await call(tenant.subdomain, "/api/reports/refresh", {
      port: PORT,
      method: "POST",
      bearer: adminToken,
      json: {},
    });
    expect(res.status, res.text).toBe(200);
    const primaryAfter = await refreshedAt(primary.url);
    expect(primaryAfter).not.toBeNull();
    expect(primaryAfter?.getTime()).not.toBe(primaryBefore?.getTime());
    expect(await refreshedAt(replica.url)).toEqual(replicaBefore);
  });
});
