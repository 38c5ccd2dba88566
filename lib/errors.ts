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
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return new AppError("NOT_FOUND", "Not found", { cause: error });
    if (error.code === "P2002")
      return new AppError("CONFLICT", "A record with these values already exists", { cause: error });
    if (error.code === "P2003")
      return new AppError("BAD_REQUEST", "A referenced record does not exist", { cause: error });
    if (error.code === "P2023") return new AppError("BAD_REQUEST", "Invalid identifier", { cause: error });
  }
  return new AppError("INTERNAL", fallbackMessage, { cause: error });
}
