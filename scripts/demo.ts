import { refuseBadProductionConfig } from "../server/production-config";
import { prepareAuthEnv } from "../server/runtime-env";

// npm run demo: database (embedded unless DATABASE_URL), migrations, demo data when empty, a build when
// the sources changed, then serve and print where to go.
refuseBadProductionConfig();
prepareAuthEnv();
// A person reads this server's log in a terminal.
process.env.LOG_FORMAT ??= "pretty";
const port = Number(process.env.PORT ?? 3000);
const started = Date.now();

const { prepareDatabase } = await import("../server/database/prepare-database");
const database = await prepareDatabase();
const { db } = await import("@/lib/db");
if ((await db().organization.count()) === 0) {
  const { seedDemo } = await import("@/prisma/seed/seed-demo");
  await seedDemo(db());
  console.log("Seeded the demo data.");
}
const { buildIfNeeded } = await import("./lib/build");
buildIfNeeded();
const { startAppServer } = await import("../server/app-server");
const server = await startAppServer({ dev: false, port });
const { startJobWorkers } = await import("../server/job-workers");
const workers = await startJobWorkers();

const { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_ROLES, DEMO_SUPERADMIN, demoEmail } =
  await import("@/prisma/seed/demo-data");
const lines = [
  "",
  `Learning Management is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
  "",
  `  Platform (superadmin):  http://localhost:${port}/login   ${DEMO_SUPERADMIN.email}`,
  ...DEMO_ORGANIZATIONS.flatMap((o) => [
    `  ${o.name}:  http://${o.subdomain}.localhost:${port}/login`,
    ...DEMO_ROLES.map((r) => `      ${r.role.padEnd(11)} ${demoEmail(r.username, o.subdomain)}`),
  ]),
  "",
  `  Every demo account's password: ${DEMO_PASSWORD}`,
  "  Stop with Ctrl+C.",
  "",
];
console.log(lines.join("\n"));

const { env } = await import("@/lib/env");
const { exitOnSignals } = await import("../server/graceful-shutdown");
exitOnSignals({ server, workers, after: [database.stop] }, env.SHUTDOWN_GRACE_SECONDS);
