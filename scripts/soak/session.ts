import { BENCH_ACCOUNT } from "../db/large/plan";
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, demoEmail } from "@/prisma/seed/demo-data";
import { seedCommitFixture, type CommitFixture } from "../bench/commit-bench";
import { call } from "../bench/http";
import { withClient } from "../../server/database/postgres";

// Who the soak's requests are made as, and on what: a learner and an admin of one organization of the
// dataset (signed in once; the sign-in requests of the mix sign in again), the learner's course with the
// most lessons and its first lesson, a conversation between the two, and a SCORM fixture of its own.

export interface SoakSession {
  port: number;
  /** The organization's host (Host header). */
  host: string;
  learnerEmail: string;
  password: string;
  learnerToken: string;
  adminToken: string;
  courseId: string;
  lessonId: string;
  threadId: string;
  commits: CommitFixture;
}

const ACCOUNTS = {
  large: {
    subdomain: BENCH_ACCOUNT.subdomain,
    learner: BENCH_ACCOUNT.email,
    admin: BENCH_ACCOUNT.adminEmail,
    password: BENCH_ACCOUNT.password,
  },
  demo: {
    subdomain: DEMO_ORGANIZATIONS[0].subdomain,
    learner: demoEmail("learner", DEMO_ORGANIZATIONS[0].subdomain),
    admin: demoEmail("admin", DEMO_ORGANIZATIONS[0].subdomain),
    password: DEMO_PASSWORD,
  },
} as const;

/** Learners of the SCORM fixture: more than the soak ever has commits in flight. */
const COMMIT_LEARNERS = 200;

export async function openSoakSession(
  databaseUrl: string,
  port: number,
  dataset: "large" | "demo",
): Promise<SoakSession> {
  const account = ACCOUNTS[dataset];
  const host = `${account.subdomain}.localhost:${port}`;
  const signIn = async (email: string) => {
    const login = await call(port, host, "/auth/login", { json: { email, password: account.password } });
    const token = (login.json as { token?: string } | undefined)?.token;
    if (login.status !== 200 || !token)
      throw new Error(`Sign-in as ${email} failed (${login.status}): ${login.text.slice(0, 300)}`);
    return token;
  };
  const learnerToken = await signIn(account.learner);
  const adminToken = await signIn(account.admin);
  const { courseId, lessonId, learnerId } = await learnersCourse(databaseUrl, account.subdomain, account.learner);
  const thread = await call(port, host, "/api/messages/threads", {
    bearer: adminToken,
    json: { subject: "Soak", body: "The soak's conversation.", recipient_ids: [learnerId] },
  });
  const threadId = (thread.json as { id?: string } | undefined)?.id;
  if (thread.status !== 201 || !threadId)
    throw new Error(`Starting a conversation failed (${thread.status}): ${thread.text.slice(0, 300)}`);
  const commits = await seedCommitFixture(databaseUrl, COMMIT_LEARNERS, port);
  return {
    port,
    host,
    learnerEmail: account.learner,
    password: account.password,
    learnerToken,
    adminToken,
    courseId,
    lessonId,
    threadId,
    commits,
  };
}

/** The learner's enrolled, published course with the most lessons, and its first lesson. */
async function learnersCourse(databaseUrl: string, subdomain: string, email: string) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ courseId: string; lessonId: string; learnerId: string }>(
      `SELECT c.id AS "courseId", u.id AS "learnerId",
              (SELECT l.id FROM "Lesson" l JOIN "Module" m ON m.id = l."moduleId"
                WHERE l."courseId" = c.id ORDER BY m.position, l.position LIMIT 1) AS "lessonId"
         FROM "Course" c
         JOIN "Organization" o ON o.id = c."organizationId"
         JOIN "User" u ON u."organizationId" = o.id AND u.email = $2
         JOIN "Enrollment" e ON e."courseId" = c.id AND e."userId" = u.id AND e.status <> 'withdrawn'
        WHERE o.subdomain = $1 AND c.status = 'published'
        ORDER BY (SELECT count(*) FROM "Lesson" l WHERE l."courseId" = c.id) DESC, c.id
        LIMIT 1`,
      [subdomain, email],
    ),
  );
  const row = rows[0];
  if (!row?.lessonId) throw new Error(`${email} has no enrolled course with a lesson`);
  return row;
}
