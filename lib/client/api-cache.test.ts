import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  API_CACHE_KEY,
  API_CACHE_TTL_MS,
  clearApiCache,
  isCacheableUrl,
  readCachedResponse,
  writeCachedResponse,
} from "./api-cache";
import { installFakeBrowser, type FakeBrowser } from "./testing/fake-browser";

const T0 = Date.UTC(2026, 0, 1);
let browser: FakeBrowser;

beforeEach(() => {
  browser = installFakeBrowser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function storedMap(): Record<string, { data: unknown; storedAt: number }> {
  return JSON.parse(browser.localStorage.getItem(API_CACHE_KEY) ?? "{}") as Record<
    string,
    { data: unknown; storedAt: number }
  >;
}

describe("isCacheableUrl", () => {
  it.each([
    ["/api/courses", true],
    ["/api/courses?page=2", true],
    ["/api/courses/c1/modules", true],
    ["/api/reports/completions", true],
    ["/api/groups", true],
    ["/api/users/u1", true],
    ["/api/coursesx", false],
    ["/api/messages", false],
    ["/auth/profile", false],
    ["https://other.example.com/api/courses", false],
  ])("%s → %s", (url, expected) => {
    expect(isCacheableUrl(url)).toBe(expected);
  });
});

describe("api cache", () => {
  it("stores data under api_cache keyed by URL and reads it back", () => {
    writeCachedResponse("/api/courses", [{ id: "c1" }], T0);
    expect(storedMap()).toEqual({ "/api/courses": { data: [{ id: "c1" }], storedAt: T0 } });
    expect(readCachedResponse("/api/courses", T0 + 1000)).toEqual({ hit: true, data: [{ id: "c1" }] });
  });

  it("keeps falsy data distinguishable from a miss", () => {
    writeCachedResponse("/api/groups", null, T0);
    expect(readCachedResponse("/api/groups", T0)).toEqual({ hit: true, data: null });
    expect(readCachedResponse("/api/users", T0)).toEqual({ hit: false });
  });

  it("expires entries after one hour", () => {
    writeCachedResponse("/api/courses", [1], T0);
    expect(readCachedResponse("/api/courses", T0 + API_CACHE_TTL_MS - 1).hit).toBe(true);
    expect(readCachedResponse("/api/courses", T0 + API_CACHE_TTL_MS).hit).toBe(false);
  });

  it("treats entries stored in the future as stale", () => {
    writeCachedResponse("/api/courses", [1], T0 + 60_000);
    expect(readCachedResponse("/api/courses", T0).hit).toBe(false);
  });

  it("drops expired entries when writing", () => {
    writeCachedResponse("/api/courses", "old", T0);
    writeCachedResponse("/api/groups", "recent", T0 + 30 * 60_000);
    writeCachedResponse("/api/users", "new", T0 + API_CACHE_TTL_MS + 1);
    expect(Object.keys(storedMap()).sort()).toEqual(["/api/groups", "/api/users"]);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an array", "[1,2]"],
    ["a number", "42"],
    ["JSON null", "null"],
  ])("treats corrupt storage (%s) as empty and overwrites it", (_label, raw) => {
    browser.localStorage.setItem(API_CACHE_KEY, raw);
    expect(readCachedResponse("/api/courses", T0)).toEqual({ hit: false });
    expect(() => writeCachedResponse("/api/courses", [1], T0)).not.toThrow();
    expect(storedMap()).toEqual({ "/api/courses": { data: [1], storedAt: T0 } });
  });

  it("ignores malformed entries but keeps well-formed ones", () => {
    browser.localStorage.setItem(
      API_CACHE_KEY,
      JSON.stringify({
        "/api/a": { data: 1, storedAt: T0 },
        "/api/b": { storedAt: T0 },
        "/api/c": { data: 1, storedAt: "x" },
        "/api/d": 5,
      }),
    );
    expect(readCachedResponse("/api/a", T0).hit).toBe(true);
    expect(readCachedResponse("/api/b", T0).hit).toBe(false);
    expect(readCachedResponse("/api/c", T0).hit).toBe(false);
    expect(readCachedResponse("/api/d", T0).hit).toBe(false);
  });

  it("never throws when storage is full", () => {
    writeCachedResponse("/api/courses", [1], T0);
    browser.localStorage.failWrites = true;
    expect(() => writeCachedResponse("/api/groups", [2], T0)).not.toThrow();
    // The unwritable cache is removed rather than left holding a partial picture.
    expect(browser.localStorage.getItem(API_CACHE_KEY)).toBeNull();
  });

  it("keeps only the newest entry when the full map no longer fits", () => {
    writeCachedResponse("/api/courses", "x".repeat(100), T0);
    const setItem = vi.spyOn(browser.localStorage, "setItem").mockImplementationOnce(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    writeCachedResponse("/api/groups", [2], T0);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(storedMap()).toEqual({ "/api/groups": { data: [2], storedAt: T0 } });
  });

  it("never throws when storage is missing or its getter throws", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(readCachedResponse("/api/courses", T0)).toEqual({ hit: false });
    expect(() => writeCachedResponse("/api/courses", 1, T0)).not.toThrow();
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(readCachedResponse("/api/courses", T0)).toEqual({ hit: false });
    expect(() => writeCachedResponse("/api/courses", 1, T0)).not.toThrow();
    expect(() => clearApiCache()).not.toThrow();
  });

  it("clearApiCache removes only the cache key", () => {
    browser.localStorage.setItem("theme", "dark");
    writeCachedResponse("/api/courses", [1], T0);
    clearApiCache();
    expect(browser.localStorage.getItem(API_CACHE_KEY)).toBeNull();
    expect(browser.localStorage.getItem("theme")).toBe("dark");
  });
});
