import { withClient } from "../../server/database/postgres";
import { BENCH_ACCOUNT } from "../db/large/plan";
import { call } from "./http";

// A timed operation rather than a load: adding 1,000 people to a group that has 10 courses, i.e. 10,000
// enrollments made in one request (target: under 5 s), on the big organization of the large dataset,
// through the API as its org admin. Three times with other people each time; every run is undone after
// (the group deleted, its enrollments removed), so the dataset stays as seeded.

export const GROUP_ADD = { members: 1_000, courses: 10, runs: 3, maxSeconds: 5 } as const;

interface Target {
  port: number;
  host: string;
  token: string;
  databaseUrl: string;
}

export async function measureGroupAdd(target: Target): Promise<{ seconds: number[]; enrollments: number }> {
  const { courses, people } = await pickPeople(target.databaseUrl);
  const seconds: number[] = [];
  let enrollments = 0;
  for (let run = 0; run < GROUP_ADD.runs; run += 1) {
    const members = people.slice(run * GROUP_ADD.members, (run + 1) * GROUP_ADD.members);
    const group = await api(target, "/api/admin/groups", { name: `Bench group ${Date.now()}-${run}` });
    const groupId = (group as { id: string }).id;
    for (const courseId of courses) await api(target, `/api/admin/groups/${groupId}/courses`, { course_id: courseId });
    const started = performance.now();
    await api(target, `/api/admin/groups/${groupId}/members`, { user_ids: members });
    seconds.push((performance.now() - started) / 1000);
    enrollments = await undo(target, groupId, courses, members);
  }
  return { seconds, enrollments };
}

async function api(target: Target, path: string, json: unknown): Promise<unknown> {
  const answer = await call(target.port, target.host, path, { json, bearer: target.token });
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.json;
}

/** Ten published courses and learners enrolled in none of them: every pair is a new enrollment. */
async function pickPeople(databaseUrl: string): Promise<{ courses: string[]; people: string[] }> {
  return withClient(databaseUrl, async (client) => {
    const courses = await client.query<{ id: string }>(
      `SELECT c.id FROM "Course" c JOIN "Organization" o ON o.id = c."organizationId"
        WHERE o.subdomain = $1 AND c.status = 'published' ORDER BY c.id LIMIT $2`,
      [BENCH_ACCOUNT.subdomain, GROUP_ADD.courses],
    );
    const courseIds = courses.rows.map((r) => r.id);
    const people = await client.query<{ id: string }>(
      `SELECT u.id FROM "User" u JOIN "Organization" o ON o.id = u."organizationId"
        WHERE o.subdomain = $1 AND u.role = 'learner'
          AND NOT EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."userId" = u.id AND e."courseId" = ANY($2::uuid[]))
        ORDER BY u.id LIMIT $3`,
      [BENCH_ACCOUNT.subdomain, courseIds, GROUP_ADD.members * GROUP_ADD.runs],
    );
    return { courses: courseIds, people: people.rows.map((r) => r.id) };
  });
}

/** Deletes the group and the enrollments it made; answers how many there were. */
async function undo(target: Target, groupId: string, courses: string[], members: string[]): Promise<number> {
  const answer = await call(target.port, target.host, `/api/admin/groups/${groupId}`, {
    method: "DELETE",
    bearer: target.token,
  });
  if (answer.status !== 204) throw new Error(`Deleting the bench group answered ${answer.status}`);
  return withClient(target.databaseUrl, async (client) => {
    const { rowCount } = await client.query(
      `DELETE FROM "Enrollment" WHERE "source" = 'group' AND "courseId" = ANY($1::uuid[]) AND "userId" = ANY($2::uuid[])`,
      [courses, members],
    );
    return rowCount ?? 0;
  });
}

export function groupAddTable(result: { seconds: number[]; enrollments: number }): string {
  const sorted = [...result.seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const worst = sorted.at(-1)!;
  return [
    "| Operation | Runs | Median (s) | Slowest (s) | Target | Result |",
    "|---|---:|---:|---:|---:|---|",
    `| \`POST /api/admin/groups/{id}/members\`: ${GROUP_ADD.members.toLocaleString("en-US")} people into a group of ${GROUP_ADD.courses} courses (${result.enrollments.toLocaleString("en-US")} enrollments each run) | ${sorted.length} | ${median.toFixed(2)} | ${worst.toFixed(2)} | < ${GROUP_ADD.maxSeconds} s | ${worst < GROUP_ADD.maxSeconds ? "pass" : "**FAIL**"} |`,
  ].join("\n");
}
