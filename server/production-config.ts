import { isHostName } from "../lib/schemas/host-name";

// A production start (NODE_ENV=production) must not fall back on the conveniences of a local run: the
// embedded database, a generated session secret. Checked by npm start and npm run demo before anything
// else loads, one line per problem.

const MIN_SECRET_LENGTH = 32;

function productionConfigProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!env.DATABASE_URL) {
    problems.push(
      "DATABASE_URL is not set: in production, point it at your PostgreSQL server (the embedded database is for local runs).",
    );
  }
  if (!env.NEXTAUTH_SECRET) {
    problems.push(
      `NEXTAUTH_SECRET is not set: in production, set it to a random string of at least ${MIN_SECRET_LENGTH} characters.`,
    );
  } else if (env.NEXTAUTH_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push(
      `NEXTAUTH_SECRET is ${env.NEXTAUTH_SECRET.length} characters long: it must have at least ${MIN_SECRET_LENGTH}.`,
    );
  }
  if (env.APP_DOMAIN !== undefined && !isHostName(env.APP_DOMAIN)) {
    problems.push(
      `APP_DOMAIN "${env.APP_DOMAIN}" is not a host name: give the domain the organizations live under, such as lms.example.com (no scheme, port or path).`,
    );
  }
  return problems;
}

/** Prints every problem on its own line and exits with 1; returns when the configuration is good. */
export function refuseBadProductionConfig(env: Record<string, string | undefined> = process.env): void {
  const problems = productionConfigProblems(env);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`Refusing to start: ${problem}`);
  process.exit(1);
}
