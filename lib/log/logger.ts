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

function createLogger(destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (env.LOG_FORMAT === "pretty"
      ? pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" })
      : pino.destination(1));
  return pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: idsOfCurrentWork,
    },
    stream,
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
