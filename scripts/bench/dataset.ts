import { applyMigrations } from "../../server/database/schema-engine";
import { isCurrent, largeDatabaseUrl, readMarker, type LargeDatasetMarker } from "../db/large/database";
import { regionGroupName } from "../db/large/groups";
import { BENCH_ACCOUNT, REPORT_BENCH } from "../db/large/plan";
import { withClient } from "../../server/database/postgres";

/**
 * The large dataset, seeded when missing or made by an older generator; otherwise only brought up to
 * the current migrations (a new index is built on the existing data, as a deploy would).
 */
export async function ensureLargeDataset(
  serverUrl: string,
  reseed: boolean,
): Promise<{ url: string; marker: LargeDatasetMarker }> {
  const existing = await readMarker(serverUrl);
  if (!reseed && isCurrent(existing)) {
    const url = largeDatabaseUrl(serverUrl);
    console.log(
      `Large dataset from ${existing.seededAt} (seeded in ${existing.seconds.toFixed(1)} s); applying pending migrations, if any.`,
    );
    try {
      await applyMigrations(url);
      return { url, marker: existing };
    } catch (error) {
      // A migration that cannot run on the old data (a new required column, say): start over.
      console.warn(
        `Migrating the large dataset failed (${error instanceof Error ? error.message : String(error)}): seeding it again.`,
      );
    }
  } else {
    console.log(
      existing
        ? "The large dataset is stale: seeding it again."
        : "No large dataset yet: seeding it (npm run db:seed -- --size large).",
    );
  }
  const { seedLarge } = await import("../db/seed-large");
  const marker = await seedLarge(serverUrl);
  return { url: largeDatabaseUrl(serverUrl), marker };
}

/** The benchmark's outline course: the bench learner's enrolled course with the most lessons. */
export async function outlineCourseId(databaseUrl: string): Promise<string> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ id: string }>(
      `SELECT c.id FROM "Course" c
         JOIN "Organization" o ON o.id = c."organizationId"
         JOIN "User" u ON u."organizationId" = o.id AND u.email = $2
         JOIN "Enrollment" e ON e."courseId" = c.id AND e."userId" = u.id AND e.status <> 'withdrawn'
        WHERE o.subdomain = $1 AND c.status = 'published'
        ORDER BY (SELECT count(*) FROM "Lesson" l WHERE l."courseId" = c.id) DESC, c.id
        LIMIT 1`,
      [BENCH_ACCOUNT.subdomain, BENCH_ACCOUNT.email],
    ),
  );
  if (!rows[0]) throw new Error("The bench learner has no enrollment: re-seed with npm run db:seed -- --size large");
  return rows[0].id;
}

/** The page of the course's first lesson (its first module's first). */
export async function firstLessonPath(databaseUrl: string, courseId: string): Promise<string> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ moduleId: string; id: string }>(
      `SELECT l."moduleId", l.id FROM "Lesson" l JOIN "Module" m ON m.id = l."moduleId"
        WHERE l."courseId" = $1 ORDER BY m.position, l.position LIMIT 1`,
      [courseId],
    ),
  );
  if (!rows[0]) throw new Error("The outline course has no lesson: re-seed with npm run db:seed -- --size large");
  return `/courses/${courseId}/modules/${rows[0].moduleId}/lessons/${rows[0].id}`;
}

export async function postgresVersion(databaseUrl: string): Promise<string> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ v: string }>("SELECT current_setting('server_version') AS v"),
  );
  return rows[0]?.v ?? "unknown";
}

/** The big organization's first region group: the users list's group filter (2,000 people). */
export async function regionGroupId(databaseUrl: string): Promise<string> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ id: string }>(
      `SELECT g.id FROM "Group" g JOIN "Organization" o ON o.id = g."organizationId" WHERE o.subdomain = $1 AND g.name = $2`,
      [BENCH_ACCOUNT.subdomain, regionGroupName(0)],
    ),
  );
  if (!rows[0]) throw new Error("The big organization has no groups: re-seed with npm run db:seed -- --size large");
  return rows[0].id;
}

/** The reports' per-lesson row: the course with the most enrollments that the organization's instructor01 teaches. */
export async function reportCourseId(databaseUrl: string, subdomain: string): Promise<string> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ id: string }>(
      `SELECT c.id FROM "Course" c
         JOIN "Organization" o ON o.id = c."organizationId"
         JOIN "CourseInstructor" ci ON ci."courseId" = c.id
         JOIN "User" u ON u.id = ci."userId" AND u.username = $2
        WHERE o.subdomain = $1
        ORDER BY c."enrollmentCount" DESC, c.id
        LIMIT 1`,
      [subdomain, REPORT_BENCH.instructorUser],
    ),
  );
  if (!rows[0])
    throw new Error(
      `${subdomain}'s ${REPORT_BENCH.instructorUser} teaches no course: re-seed with npm run db:seed -- --size large`,
    );
  return rows[0].id;
}
