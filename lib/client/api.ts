import { API_MESSAGES, ApiError, CLIENT_ERROR_CODES } from "./api-error";
import { isCacheableUrl, readCachedResponse, writeCachedResponse } from "./api-cache";
import { resolveApiPath } from "./api-path";
import { parseApiResponse } from "./api-response";
import { expireSession, isSessionRedirectPending, pendingForever, shouldExpireSession } from "./session-expiry";
import { fetchWithRetry, TimeoutError, type FetchedResponse } from "./timed-fetch";

// The browser's way to call our route handlers. The session is an HTTP-only cookie sent by the browser
// itself, so there is no token handling here, only same-origin credentials.

export { ApiError, isApiError, API_MESSAGES } from "./api-error";
export { configureApiClient, resetApiClient, type ApiClientConfig } from "./session-expiry";

export const DEFAULT_TIMEOUT_MS = 60_000;
/** Cacheable GETs give up sooner: stale data shown fast beats fresh data shown late. */
export const CACHEABLE_TIMEOUT_MS = 8_000;

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /**
   * Any JSON-serialisable value (strings included) is sent as JSON. FormData, Blob, URLSearchParams and
   * binary bodies are sent as they are, with the browser choosing their Content-Type.
   */
  body?: unknown;
  /** First attempt's deadline; the retry gets twice as long. */
  timeoutMs?: number;
  /** Set false for requests that must not be sent twice. Default true. */
  retryOnTimeout?: boolean;
}

export type ApiBodylessInit = Omit<ApiRequestInit, "method" | "body">;

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  if (isSessionRedirectPending()) return pendingForever();
  const url = resolveApiPath(path);
  const { body, timeoutMs, retryOnTimeout = true, headers, ...rest } = init;
  const method = (rest.method ?? "GET").toUpperCase();
  const cacheable = method === "GET" && isCacheableUrl(url);
  const requestInit: RequestInit = { ...rest, method, ...encodeBody(body, headers), credentials: "same-origin" };

  let fetched: FetchedResponse;
  try {
    fetched = await fetchWithRetry(
      url,
      requestInit,
      timeoutMs ?? (cacheable ? CACHEABLE_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
      retryOnTimeout,
    );
  } catch (error) {
    const failure = transportError(error);
    // Requests cut off by the navigation to /login are not failures worth showing.
    if (isSessionRedirectPending()) return pendingForever();
    if (cacheable && failure instanceof ApiError) {
      const cached = readCachedResponse<T>(url);
      if (cached.hit) return cached.data;
    }
    throw failure;
  }

  const { response, text } = fetched;
  if (response.status === 401 && shouldExpireSession(url)) {
    expireSession();
    return pendingForever();
  }
  if (!response.ok && isSessionRedirectPending()) return pendingForever();
  const data = parseApiResponse<T>(url, response, text);
  if (cacheable) writeCachedResponse(url, data);
  return data;
}

export function apiGet<T>(path: string, init?: ApiBodylessInit): Promise<T> {
  return apiFetch<T>(path, { ...init, method: "GET" });
}

export function apiPost<T>(path: string, body?: unknown, init?: ApiBodylessInit): Promise<T> {
  return apiFetch<T>(path, { ...init, method: "POST", body });
}

export function apiPut<T>(path: string, body?: unknown, init?: ApiBodylessInit): Promise<T> {
  return apiFetch<T>(path, { ...init, method: "PUT", body });
}

export function apiPatch<T>(path: string, body?: unknown, init?: ApiBodylessInit): Promise<T> {
  return apiFetch<T>(path, { ...init, method: "PATCH", body });
}

export function apiDelete<T>(path: string, init?: Omit<ApiRequestInit, "method">): Promise<T> {
  return apiFetch<T>(path, { ...init, method: "DELETE" });
}

function encodeBody(body: unknown, headersInit: HeadersInit | undefined): { body?: BodyInit; headers: Headers } {
  const headers = new Headers(headersInit);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  // null follows fetch's meaning ("no body") rather than sending the JSON literal.
  if (body === undefined || body === null) return { headers };
  if (isRawBody(body)) return { body, headers };
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return { body: JSON.stringify(body), headers };
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Timeouts and connection failures become ApiErrors; anything else (a caller's abort) passes through. */
function transportError(error: unknown): unknown {
  if (error instanceof TimeoutError) {
    return new ApiError(API_MESSAGES.timeout, { status: 0, code: CLIENT_ERROR_CODES.timeout, cause: error });
  }
  // fetch rejects with a TypeError for DNS failures, refused connections and dropped responses alike.
  if (error instanceof TypeError) {
    return new ApiError(API_MESSAGES.network, { status: 0, code: CLIENT_ERROR_CODES.network, cause: error });
  }
  return error;
}
