import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { env } from "@/lib/env";
import { currentLogContext } from "@/lib/log/request-context";

// The process's one logger (pino): JSON lines for machines (LOG_FORMAT=json, the default of `npm start`)
// or colored lines for people (LOG_FORMAT=pretty, the default of `npm run dev` and `npm run demo`). Every
// line written while a request or a job is worked on carries its id. Kept on globalThis like the pool:
// the launcher and Next's bundled code log through the same instance and destination.

const holder = globalThis as typeof globalThis & { __lmsLogger?: Logger };

function idsOfCurrentWork(): object {
  const context = currentLogContext();
  if (!context) return {};
  const { requestId, jobId } = context;
  return jobId ? { jobId } : { requestId };
}

function standardOutput(): DestinationStream {
  if (env.LOG_FORMAT === "pretty")
    return pretty({
      sync: true,
      colorize: process.stdout.isTTY,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname",
    });
  // Written asynchronously, several lines per write under load: a slow reader of stdout must not block the
  // request that logs. Whatever is still buffered is written out when the process exits.
  return pino.destination({ dest: 1, sync: false });
}

function createLogger(destination: DestinationStream = standardOutput()): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: idsOfCurrentWork,
    },
    destination,
  );
}

export function logger(): Logger {
  holder.__lmsLogger ??= createLogger();
  return holder.__lmsLogger;
}

/** Sends this process's log to `destination` instead (the test server writes it to files); call before any logging. */
export function sendLogTo(destination: DestinationStream): void {
  holder.__lmsLogger = createLogger(destination);
}
