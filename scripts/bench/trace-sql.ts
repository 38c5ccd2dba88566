import pg from "pg";

// The SQL a server sends, as one JSON line per statement on stdout. The bench turns it on around one
// call of each request (over the IPC channel) to check that the ceiling sends exactly the app's SQL, and
// `--trace-sql` prints it. Patching the driver is enough: Prisma's adapter ends up in pg.Client#query.

export const TRACE_PREFIX = "[sql] ";

type QueryArg = string | { text?: string; values?: unknown[] } | undefined;
let tracing = false;
/**
 * The background's statements, not a request's: the job queue's own and the webhook dispatcher's claim of
 * due deliveries, both polling beside the requests as under `npm start` (the claim every second).
 */
const BACKGROUND_SQL = /\bpgboss"?\.|UPDATE "WebhookDelivery"/;
let installed = false;

/** Patches the driver once; tracing stays off until setSqlTracing(true) (a boolean test per query). */
export function installSqlTrace(on: boolean): void {
  tracing = on;
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function traced(
    this: pg.Client,
    ...args: unknown[]
  ) {
    if (tracing) {
      const first = args[0] as QueryArg;
      const text = typeof first === "string" ? first : first?.text;
      const values = typeof first === "string" ? (Array.isArray(args[1]) ? args[1] : undefined) : first?.values;
      if (text && !BACKGROUND_SQL.test(text))
        process.stdout.write(`${TRACE_PREFIX}${JSON.stringify({ text, values })}\n`);
    }
    return original.apply(this, args);
  };
}

export function setSqlTracing(on: boolean): void {
  tracing = on;
}

/** The statements among a server's output lines. */
export function tracedStatements(lines: string[]): { text: string; values?: unknown[] }[] {
  return lines
    .filter((l) => l.startsWith(TRACE_PREFIX))
    .map((l) => JSON.parse(l.slice(TRACE_PREFIX.length)) as { text: string; values?: unknown[] });
}
