import { appendFileSync, writeFileSync } from "node:fs";
import { format } from "node:util";
import path from "node:path";
import { startAppServer, type AppServer } from "../../server/app-server";
import { buildIfNeeded } from "./build";

// The app as the integration and e2e tests meet it (npm test, npm run test:server): the production
// build on `port`, on a fresh database, with its files and mail below `scratch`. Returns the server and
// the environment the test runners need.

export async function startTestApp(options: {
  port: number;
  databaseUrl: string;
  serverUrl: string;
  scratch: string;
}): Promise<{ app: AppServer; testEnv: Record<string, string> }> {
  const { port, databaseUrl, serverUrl, scratch } = options;
  const appEnv = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "true", // tests give each client its own X-Forwarded-For, so rate limits stay per test
    MAIL_OUTBOX_DIR: path.join(scratch, "outbox"),
    UPLOAD_DIR: path.join(scratch, "uploads"),
    // Small enough that the oversize-package test sends a few MB, large enough for the fixture packages.
    SCORM_PACKAGE_MAX_BYTES: String(4 * 1024 * 1024),
    LESSON_FILE_MAX_BYTES: String(3 * 1024 * 1024),
    CONTENT_IMAGE_MAX_BYTES: String(1024 * 1024),
    // The tests' own mail servers listen on 127.0.0.2 (test/smtp-server.ts), the one loopback address an
    // organization's settings may reach; 127.0.0.1, where the app and its database are, stays refused.
    OUTBOUND_ALLOWED_ADDRESSES: "127.0.0.2/32",
  };
  Object.assign(process.env, appEnv, { NODE_ENV: "production" });
  const serverLog = recordServerErrors(path.join(scratch, "server-errors.log"));
  const requestLog = await logToFiles(path.join(scratch, "server.log"), serverLog);
  buildIfNeeded();
  const server = await startAppServer({ dev: false, port });
  const { startJobWorkers } = await import("../../server/job-workers");
  const workers = await startJobWorkers();
  const app: AppServer = {
    ...server,
    close: async () => {
      await server.close();
      await workers.stop();
    },
  };
  const testEnv = {
    ...appEnv,
    TEST_BASE_URL: `http://localhost:${port}`,
    TEST_PORT: String(port),
    TEST_DATABASE_URL: databaseUrl,
    TEST_DATABASE_SERVER_URL: serverUrl,
    TEST_OUTBOX_DIR: appEnv.MAIL_OUTBOX_DIR,
    TEST_SERVER_LOG: serverLog,
    TEST_REQUEST_LOG: requestLog,
  };
  return { app, testEnv };
}

/**
 * The server's log (a JSON line per request) goes to a file rather than the test run's output, and its
 * errors to the error file as well, beside what console.error reports.
 */
async function logToFiles(file: string, errorFile: string): Promise<string> {
  const { default: pino } = await import("pino");
  const { sendLogTo } = await import("../../lib/log/logger");
  sendLogTo(
    pino.multistream([
      { level: "info", stream: pino.destination({ dest: file, sync: true }) },
      { level: "error", stream: pino.destination({ dest: errorFile, append: true, sync: true }) },
    ]),
  );
  return file;
}

/**
 * Every error the server reports (console.error, which Next and lib/http.ts use for failures, and any
 * unhandled rejection or uncaught exception) also goes to one file, so the security suites can assert
 * that a run of bad requests added nothing to it. Still printed as before.
 */
function recordServerErrors(file: string): string {
  writeFileSync(file, "");
  const append = (kind: string, text: string) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${kind} ${text.replaceAll("\n", "\n  ")}\n`);
    } catch {
      // The environment was stopped (its scratch folder removed) while the error arrived: the error is still
      // printed below, which is what matters once no suite reads the file.
    }
  };
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    append("console.error", format(...args));
    consoleError(...args);
  };
  process.on("unhandledRejection", (reason) => {
    append("unhandledRejection", format(reason));
    consoleError("Unhandled rejection:", reason);
  });
  process.on("uncaughtException", (error) => {
    append("uncaughtException", format(error));
    consoleError("Uncaught exception:", error);
  });
  return file;
}
