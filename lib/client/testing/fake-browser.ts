import { vi } from "vitest";

// In-memory stand-ins for the browser globals the fetch layer touches; the unit tests run in Node
// without a DOM. Install in beforeEach and undo with vi.unstubAllGlobals() in afterEach.

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  /** Set to make setItem throw like a full quota. */
  failWrites = false;

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, String(value));
  }
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface FetchCall {
  url: string;
  init: RequestInit;
}

export interface FakeBrowser {
  location: { pathname: string; assign: ReturnType<typeof vi.fn<(url: string) => void>> };
  localStorage: MemoryStorage;
  sessionStorage: MemoryStorage;
  calls: FetchCall[];
  /** Queue the answers to the next fetch calls, in order. */
  respond: (...handlers: FetchHandler[]) => void;
}

export function installFakeBrowser(pathname = "/dashboard"): FakeBrowser {
  const location = { pathname, assign: vi.fn<(url: string) => void>() };
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const calls: FetchCall[] = [];
  const queue: FetchHandler[] = [];

  const fetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const handler = queue.shift();
    if (!handler) return Promise.reject(new Error(`Unexpected fetch of ${url}`));
    return abortable(init.signal ?? undefined, () => handler(url, init));
  };

  vi.stubGlobal("window", { location, localStorage, sessionStorage });
  vi.stubGlobal("location", location);
  vi.stubGlobal("localStorage", localStorage);
  vi.stubGlobal("sessionStorage", sessionStorage);
  vi.stubGlobal("fetch", fetch);
  return { location, localStorage, sessionStorage, calls, respond: (...handlers) => queue.push(...handlers) };
}

/** Like real fetch: an abort rejects the pending call with an AbortError. */
function abortable(signal: AbortSignal | undefined, run: () => Response | Promise<Response>): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    Promise.resolve().then(run).then(resolve, reject);
  });
}

export const json =
  (body: unknown, status = 200, statusText = ""): FetchHandler =>
  () =>
    new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

export const html =
  (body = "<!DOCTYPE html><html></html>", status = 200, contentType = "text/html; charset=utf-8"): FetchHandler =>
  () =>
    new Response(body, { status, headers: { "content-type": contentType } });

export const empty =
  (status = 204): FetchHandler =>
  () =>
    new Response(null, { status });

/** A server that never answers (until the request is aborted). */
export const hang: FetchHandler = () => new Promise<Response>(() => {});

/** What browsers do when the connection fails. */
export const networkFailure: FetchHandler = () => Promise.reject(new TypeError("Failed to fetch"));

export function serverError(
  status: number,
  code: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
): FetchHandler {
  return json({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } }, status);
}
