import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";

// One error type for the whole server, one table from code to HTTP status, one JSON body.
const STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /**
   * A quiz attempt's answer or submission from a window that no longer holds the attempt (it was opened in
   * another tab or on another device): that window stops and says so, rather than retrying.
   */
  ATTEMPT_REPLACED: 409,
  /** A quiz answer the learner checked during the attempt (its feedback or right answer shown): it cannot change. */
  ANSWER_CHECKED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  /** Something we depend on (the mail server) did not do its part; trying again later may work. */
  SERVICE_UNAVAILABLE: 503,
  /** The file store (disk or bucket) did not answer in time or refused; trying again shortly may work. */
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  /** Extra response headers, e.g. Retry-After for RATE_LIMITED. */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fieldErrors?: FieldErrors };
}

export function errorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    },
  };
}

/** A zod failure as a 400 whose message names the first failing field. */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  return new AppError("VALIDATION_FAILED", `${where}${first?.message ?? "Invalid input"}`, { fieldErrors });
}

/**
 * Anything thrown → AppError. Unknown errors become INTERNAL with the caller's fallback message (the
 * spec's 'Login failed' and friends); their details go to the log, never to the client.
 */
export function toAppError(error: unknown, fallbackMessage: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  if (isDatabaseUnavailable(error))
    return new AppError("SERVICE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE, {
      headers: { "Retry-After": "5" },
      cause: error,
    });
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // A transaction that waited too long for a connection or ran past its limit was rolled back whole:
    // nothing changed, and the same request a moment later can succeed.
    if (error.code === "P2028")
      return new AppError("SERVICE_UNAVAILABLE", SERVER_BUSY_MESSAGE, {
        headers: { "Retry-After": "5" },
        cause: error,
      });
    if (error.code === "P2025") return new AppError("NOT_FOUND", "Not found", { cause: error });
    if (error.code === "P2002")
      return new AppError("CONFLICT", "A record with these values already exists", { cause: error });
    if (error.code === "P2003")
      return new AppError("BAD_REQUEST", "A referenced record does not exist", { cause: error });
    if (error.code === "P2023") return new AppError("BAD_REQUEST", "Invalid identifier", { cause: error });
  }
  return new AppError("INTERNAL", fallbackMessage, { cause: error });
}

const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable. Try again in a moment.";
const SERVER_BUSY_MESSAGE = "The server is busy. Try again in a moment.";

/** Connection-level failures: the server refused, dropped or timed out the connection, or is not accepting any. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  // Prisma: can't reach the server, timed out, server closed the connection, pool timeout.
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now (starting up, shutting down,
  // recovering), too many connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Can't reach database server|Server has closed the connection/i;

/**
 * The database is down, restarting or unreachable (as opposed to a query that failed): answered 503,
 * which a client may retry, and which a restart of PostgreSQL produces for a few seconds at most. The
 * error's causes are searched too: Prisma and the pool wrap what the driver saw.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const { code, message, cause, originalCode } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      originalCode?: unknown;
    };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof originalCode === "string" && (UNREACHABLE_CODES.has(originalCode) || originalCode.startsWith("08")))
      return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
