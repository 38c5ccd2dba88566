import pg from "pg";
import { hashPassword } from "@/lib/auth/password";
import { pgConfigFromUrl, quoteIdent } from "../../server/database/pg-url";
import { dropForLoad, restoreAfterLoad } from "./large/bulk-load";
import { loadCatalog } from "./large/catalog";
import { LARGE_DATABASE, recreateDatabase, writeMarker, type LargeDatasetMarker } from "./large/database";
import { loadEnrollments } from "./large/enrollments";
import { loadGroups } from "./large/groups";
import { BENCH_ACCOUNT, LARGE_DATASET } from "./large/plan";
import { rebuildEveryOrganization } from "./large/report-summaries";
import { Random } from "./large/random";
import { applyMigrations } from "../../server/database/schema-engine";

// The large dataset for benchmarks (npm run db:seed -- --size large): drop and re-create the database
// "lms_bench", migrate it, COPY every table in with its indexes and foreign keys dropped, build those
// again, VACUUM ANALYZE, and mark it done. Every user's password is BENCH_ACCOUNT.password.

const LOADED_TABLES = [
  "Organization",
  "User",
  "Category",
  "Course",
  "CourseInstructor",
  "Module",
  "Lesson",
  "Enrollment",
  "LessonProgress",
  "Group",
  "GroupMember",
];

export async function seedLarge(serverUrl: string): Promise<LargeDatasetMarker> {
  const started = Date.now();
  const step = stepTimer();
  const url = await recreateDatabase(serverUrl);
  // One argon2 hash for everyone (hashing 50,000 passwords would take minutes).
  const [passwordHash] = await Promise.all([hashPassword(BENCH_ACCOUNT.password), applyMigrations(url)]);
  step(`database "${LARGE_DATABASE}" created and migrated`);

  const clients = [new pg.Client(pgConfigFromUrl(url)), new pg.Client(pgConfigFromUrl(url))] as const;
  try {
    for (const client of clients) {
      await client.connect();
      // Safe here: a crash mid-seed leaves no marker, and the next run starts over.
      await client.query("SET synchronous_commit = off");
      await client.query("SET maintenance_work_mem = '256MB'");
      // The report summaries' triggers would sum up every COPY's rows at its end: built once afterwards instead.
      await client.query("SET lms.report_triggers = off");
    }
    const deferred = await dropForLoad(clients[0], LOADED_TABLES);
    step(`dropped ${deferred.indexes.length} indexes and ${deferred.foreignKeys.length} foreign keys for the load`);

    const random = new Random(LARGE_DATASET.seed);
    const now = Math.floor(Date.now() / 1000) * 1000;
    const catalog = await loadCatalog(clients[0], random, passwordHash, now);
    step(`catalog: ${describe(catalog.rows)}`);
    const enrollments = await loadEnrollments(clients[0], clients[1], catalog.organizations, random, now);
    step(`enrollments: ${describe(enrollments)}`);
    const groups = await loadGroups(clients[0], catalog.organizations, random, now);
    step(`groups: ${describe(groups)}`);

    const rows: Record<string, number> = { ...catalog.rows, ...enrollments, ...groups };
    await restoreAfterLoad(clients, deferred, new Map(Object.entries(rows)));
    step("indexes and foreign keys rebuilt (and validated)");
    await Promise.all([
      clients[0].query(`VACUUM (ANALYZE) "LessonProgress"`),
      clients[1].query(
        `VACUUM (ANALYZE) ${LOADED_TABLES.filter((t) => t !== "LessonProgress")
          .map(quoteIdent)
          .join(", ")}`,
      ),
    ]);
    step("VACUUM ANALYZE");
    for (const client of clients) await client.query("RESET lms.report_triggers");
    const summaries = await rebuildEveryOrganization(clients);
    await Promise.all([
      clients[0].query(
        `VACUUM (ANALYZE) "Enrollment", "ReportLearnerStats", "ReportInstructorLearnerStats", "ReportCourseDay"`,
      ),
      clients[1].query(`VACUUM (ANALYZE) "ReportCourseStats", "ReportLessonStats", "ReportGroupStats", "ReportState"`),
    ]);
    step(
      `report summaries of ${summaries.organizations} organizations rebuilt in ${summaries.seconds.toFixed(1)} s, VACUUM ANALYZE`,
    );

    const marker: LargeDatasetMarker = {
      dataset: "large",
      version: LARGE_DATASET.version,
      seededAt: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      rows,
    };
    await writeMarker(serverUrl, marker);
    console.log(`Large dataset ready in ${marker.seconds.toFixed(1)} s: ${describe(rows)}`);
    console.log(
      `Sign in on ${BENCH_ACCOUNT.subdomain} as ${BENCH_ACCOUNT.email} / ${BENCH_ACCOUNT.password} (every user has that password).`,
    );
    return marker;
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

function stepTimer(): (what: string) => void {
  let last = Date.now();
  return (what) => {
    const now = Date.now();
    console.log(`  ${((now - last) / 1000).toFixed(1).padStart(6)} s  ${what}`);
    last = now;
  };
}

function describe(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, count]) => `${count.toLocaleString("en-US")} ${table}`)
    .join(", ");
}
