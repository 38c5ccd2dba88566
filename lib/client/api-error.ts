// The one error type client code sees from the fetch layer. Components can show `message` as-is and
// map `fieldErrors` onto form fields; `code` is the server's ErrorCode or one of the client codes below.

export type FieldErrors = Record<string, string[]>;

/** Codes for failures that never got a usable server answer (status 0) or got an unusable one. */
export const CLIENT_ERROR_CODES = {
  timeout: "TIMEOUT",
  network: "NETWORK_ERROR",
  html: "HTML_RESPONSE",
  invalidJson: "INVALID_RESPONSE",
  http: "HTTP_ERROR",
} as const;

// User-facing wording is part of the spec (docs/specification.md "Wording"), so it lives in one place for code and tests alike.
export const API_MESSAGES = {
  timeout: "Request timed out - using cached data if available",
  network: "Unable to connect to the server. Please check your internet connection and try again.",
  html: "Received HTML instead of JSON response",
  invalidJson: "Received an invalid JSON response",
  modulesForbidden: "You do not have permission to view this course modules.",
  forbidden: "Access denied",
} as const;

export interface ApiErrorOptions {
  status: number;
  code: string;
  fieldErrors?: FieldErrors;
  cause?: unknown;
  /** The server answered without a message of its own (the text is made up from the status). */
  generic?: boolean;
}

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (timeout, network failure). */
  readonly status: number;
  readonly code: string;
  readonly fieldErrors?: FieldErrors;
  /** True when the server gave no message: callers then show their own fallback (lib/client/spec-calls.ts). */
  readonly generic: boolean;

  constructor(message: string, options: ApiErrorOptions) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.generic = options.generic ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
