import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost, resetApiClient } from "./api";
import { API_CACHE_KEY, API_CACHE_TTL_MS } from "./api-cache";
import { API_MESSAGES } from "./api-error";
import { hang, installFakeBrowser, json, networkFailure, serverError, type FakeBrowser } from "./testing/fake-browser";

const T0 = Date.UTC(2026, 0, 1, 12);
// The spec's numbers (docs/specification.md "The browser's numbers"), written out rather than imported, so a changed constant fails here.
const DEFAULT_TIMEOUT_MS = 60_000;
const CACHEABLE_TIMEOUT_MS = 8_000;
let browser: FakeBrowser;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  browser = installFakeBrowser("/dashboard");
});

afterEach(() => {
  vi.useRealTimers();
  resetApiClient();
  vi.unstubAllGlobals();
});

/** Starts a request and records how it ended, so fake time can be advanced before awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe("timeouts", () => {
  it("uses 60 s, retries once with 120 s, then fails with the timeout message", async () => {
    browser.respond(hang, hang);
    const request = track(apiGet("/messages"));

    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(browser.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.calls).toHaveLength(2);
    expect(browser.calls[0]?.init.signal?.aborted).toBe(true);

    await vi.advanceTimersByTimeAsync(2 * DEFAULT_TIMEOUT_MS - 1);
    expect(request.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.error).toMatchObject({
      name: "ApiError",
      status: 0,
      code: "TIMEOUT",
      message: "Request timed out - using cached data if available",
    });
    expect(browser.calls).toHaveLength(2);
  });

  it("returns the retry's answer when the second attempt succeeds", async () => {
    browser.respond(hang, json({ ok: 1 }));
    const request = track(apiGet("/messages"));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(request.value).toEqual({ ok: 1 });
  });

  it("honours timeoutMs and retryOnTimeout: false", async () => {
    browser.respond(hang);
    const request = track(apiPost("/messages", { body: "hi" }, { timeoutMs: 5_000, retryOnTimeout: false }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(request.error).toMatchObject({ message: API_MESSAGES.timeout });
    expect(browser.calls).toHaveLength(1);
  });

  it("does not retry network failures", async () => {
    browser.respond(networkFailure);
    await expect(apiGet("/messages")).rejects.toMatchObject({ message: API_MESSAGES.network });
    expect(browser.calls).toHaveLength(1);
  });

  it("gives cacheable GETs 8 s, then 16 s on the retry", async () => {
    browser.respond(hang, hang);
    const request = track(apiGet("/courses"));
    await vi.advanceTimersByTimeAsync(CACHEABLE_TIMEOUT_MS - 1);
    expect(browser.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * CACHEABLE_TIMEOUT_MS - 1);
    expect(request.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.error).toMatchObject({ code: "TIMEOUT", message: API_MESSAGES.timeout });
  });

  it("keeps 60 s for non-GET requests to cacheable paths", async () => {
    browser.respond(hang, json({}));
    track(apiPost("/courses", { title: "x" }));
    await vi.advanceTimersByTimeAsync(CACHEABLE_TIMEOUT_MS);
    expect(browser.calls).toHaveLength(1);
  });
});

describe("cache fallback", () => {
  it("stores successful cacheable GETs under the request URL", async () => {
    browser.respond(json([{ id: "c1" }]));
    await apiGet("/courses?page=2");
    const stored = JSON.parse(browser.localStorage.getItem(API_CACHE_KEY) ?? "{}") as unknown;
    expect(stored).toEqual({ "/api/courses?page=2": { data: [{ id: "c1" }], storedAt: T0 } });
  });

  it.each(["/messages", "/auth/profile"])("does not store %s", async (path) => {
    browser.respond(json({ x: 1 }));
    await apiGet(path);
    expect(browser.localStorage.getItem(API_CACHE_KEY)).toBeNull();
  });

  it("does not store error responses", async () => {
    browser.respond(serverError(404, "NOT_FOUND", "Not found"));
    await expect(apiGet("/courses/nope")).rejects.toMatchObject({ status: 404 });
    expect(browser.localStorage.getItem(API_CACHE_KEY)).toBeNull();
  });

  it("answers from the cache after both attempts time out", async () => {
    browser.respond(json([{ id: "c1" }]), hang, hang);
    await apiGet("/courses");
    vi.setSystemTime(T0 + 10 * 60_000);
    const request = track(apiGet("/courses"));
    await vi.advanceTimersByTimeAsync(3 * CACHEABLE_TIMEOUT_MS);
    expect(request.value).toEqual([{ id: "c1" }]);
  });

  it("answers from the cache on a network failure", async () => {
    browser.respond(json({ total: 3 }), networkFailure);
    await apiGet("/reports/summary");
    await expect(apiGet("/reports/summary")).resolves.toEqual({ total: 3 });
  });

  it("does not answer from the cache on a server error", async () => {
    browser.respond(json({ total: 3 }), serverError(500, "INTERNAL", "Boom"));
    await apiGet("/groups");
    await expect(apiGet("/groups")).rejects.toMatchObject({ status: 500, message: "Boom" });
  });

  it("does not answer from an entry older than an hour", async () => {
    browser.respond(json(["old"]), networkFailure);
    await apiGet("/users");
    vi.setSystemTime(T0 + API_CACHE_TTL_MS);
    await expect(apiGet("/users")).rejects.toMatchObject({ code: "NETWORK_ERROR" });
  });

  it("throws the original error when storage is corrupt", async () => {
    browser.localStorage.setItem(API_CACHE_KEY, "{not json");
    browser.respond(networkFailure);
    await expect(apiGet("/courses")).rejects.toMatchObject({ message: API_MESSAGES.network });
  });

  it("returns data even when storage cannot be written", async () => {
    browser.localStorage.failWrites = true;
    browser.respond(json([1]));
    await expect(apiGet("/courses")).resolves.toEqual([1]);
  });
});
