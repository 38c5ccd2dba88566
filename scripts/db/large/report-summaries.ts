import type pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { rebuildOrganizationSummaries } from "@/lib/server/reports/rebuild";

// The report summaries of every organization from scratch (report.rebuild, lib/server/reports/summaries.sql), one
// transaction per organization, the organizations shared out over the given connections (the largest
// first). The large dataset's load runs it after COPY (with the triggers off), and the benchmark times it.

export async function rebuildEveryOrganization(
  clients: readonly pg.Client[],
): Promise<{ organizations: number; seconds: number }> {
  const started = Date.now();
  const { rows } = await clients[0]!.query<{ id: string }>(
    `SELECT o."id" FROM "Organization" o ORDER BY (SELECT count(*) FROM "Enrollment" e WHERE e."organizationId" = o."id") DESC, o."id"`,
  );
  const queue = rows.map((r) => r.id);
  await Promise.all(
    clients.map(async (client) => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        await client.query("BEGIN");
        try {
          await rebuildOrganizationSummaries(async <R extends object>(sql: Prisma.Sql) => {
            const { rows } = await client.query<R & pg.QueryResultRow>(sql.text, sql.values);
            return rows;
          }, id);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
    }),
  );
  return { organizations: rows.length, seconds: (Date.now() - started) / 1000 };
}
