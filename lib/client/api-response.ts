import { API_MESSAGES, ApiError, CLIENT_ERROR_CODES, type FieldErrors } from "./api-error";
import { pathnameOf } from "./api-path";

// Turns a received response into data or an ApiError. 401s are not handled here: whether one expires
// the session depends on the page, which is api.ts's concern.

interface ServerError {
  code?: string;
  message?: string;
  fieldErrors?: FieldErrors;
}

export function parseApiResponse<T>(requestUrl: string, response: Response, text: string): T {
  const { status } = response;
  if (status === 403) throw forbiddenError(requestUrl, text);
  // Checked before status: a proxy's error page or the app's own HTML 404 must not reach JSON.parse.
  if (isHtml(response, text)) throw new ApiError(API_MESSAGES.html, { status, code: CLIENT_ERROR_CODES.html });
  if (!response.ok) throw httpError(response, text);
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError(API_MESSAGES.invalidJson, {
      status,
      code: CLIENT_ERROR_CODES.invalidJson,
      cause,
      generic: true,
    });
  }
}

export function isHtml(response: Response, text: string): boolean {
  const contentType = response.headers.get("content-type") ?? "";
  return contentType.toLowerCase().includes("text/html") || text.trimStart().startsWith("<");
}

function forbiddenError(requestUrl: string, text: string): ApiError {
  const server = readServerError(text);
  // Module lists are the common 403 for learners not enrolled; the UI wording is fixed by product.
  const message = pathnameOf(requestUrl).includes("/modules")
    ? API_MESSAGES.modulesForbidden
    : server?.message || API_MESSAGES.forbidden;
  return new ApiError(message, { status: 403, code: server?.code || "FORBIDDEN", fieldErrors: server?.fieldErrors });
}

function httpError(response: Response, text: string): ApiError {
  const server = readServerError(text);
  // HTTP/2 has no reason phrase, so statusText can be empty too.
  const message = server?.message || response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(message, {
    status: response.status,
    code: server?.code || CLIENT_ERROR_CODES.http,
    fieldErrors: server?.fieldErrors,
    generic: !server?.message,
  });
}

/** The `{ error: { code, message, fieldErrors } }` body, keeping only well-typed parts. */
export function readServerError(text: string): ServerError | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, fieldErrors } = body.error;
  return {
    code: typeof code === "string" ? code : undefined,
    message: typeof message === "string" ? message : undefined,
    fieldErrors: toFieldErrors(fieldErrors),
  };
}

function toFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === "string");
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
