import pg from "pg";
import { pgConfigFromUrl } from "@/server/database/pg-url";

// The ids of the demo records the visual suite's paths name (pages.ts): made by the seed, so looked up.

export type DemoRecords = Record<"course" | "module" | "lesson" | "user", string>;

export async function loadDemoRecords(databaseUrl: string): Promise<DemoRecords> {
  const client = new pg.Client(pgConfigFromUrl(databaseUrl));
  await client.connect();
  try {
    const { rows } = await client.query<DemoRecords>(
      `SELECT c.id AS course, l."moduleId" AS module, l.id AS lesson,
              (SELECT u.id FROM "User" u WHERE u."organizationId" = o.id AND u.username = 'maya.patel') AS user
         FROM "Organization" o
         JOIN "Course" c ON c."organizationId" = o.id AND c.title = 'Workplace Safety Essentials'
         JOIN "Lesson" l ON l."courseId" = c.id AND l.title = 'Reporting incidents'
        WHERE o.subdomain = 'acme'`,
    );
    const records = rows[0];
    if (!records?.user) throw new Error(`The demo records are not in ${databaseUrl}`);
    return records;
  } finally {
    await client.end();
  }
}

export function fillPath(path: string, records: DemoRecords): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = records[name as keyof DemoRecords];
    if (!id) throw new Error(`No demo record named {${name}} (in ${path})`);
    return id;
  });
}
