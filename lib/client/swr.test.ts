import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetApiClient } from "./api";
import { installFakeBrowser, json, type FakeBrowser } from "./testing/fake-browser";

// No DOM here, so useSWR is replaced by a recorder: the hooks are thin enough that what they pass to
// useSWR, and what they make of its answer, is their whole behaviour.
const useSWR = vi.hoisted(() => vi.fn());
const mutate = vi.hoisted(() => vi.fn());
vi.mock("swr", () => ({ default: useSWR, mutate }));

const { fetcher, useApi } = await import("./swr");
const { clampUnreadCount, decrementUnreadCount, decrementedUnreadCount, setUnreadCount, useUnreadCount } =
  await import("./unread-count");
const { fetchUnreadCount } = await import("./spec-calls");

let browser: FakeBrowser;

beforeEach(() => {
  browser = installFakeBrowser("/dashboard");
  useSWR.mockReset();
  mutate.mockReset();
});

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
});

describe("fetcher", () => {
  it("fetches through apiFetch", async () => {
    browser.respond(json([{ id: "c1" }]));
    await expect(fetcher("courses")).resolves.toEqual([{ id: "c1" }]);
    expect(browser.calls[0]?.url).toBe("/api/courses");
    expect(browser.calls[0]?.init.credentials).toBe("same-origin");
  });
});

describe("useApi", () => {
  it("passes the path, the fetcher and the options to useSWR and returns its result", () => {
    const result = { data: [1], error: undefined };
    useSWR.mockReturnValue(result);
    expect(useApi("/api/courses", { refreshInterval: 5 })).toBe(result);
    expect(useSWR).toHaveBeenCalledWith("/api/courses", fetcher, { refreshInterval: 5 });
  });

  it("passes a null path through so nothing is fetched", () => {
    useSWR.mockReturnValue({});
    useApi(null);
    expect(useSWR).toHaveBeenCalledWith(null, fetcher, undefined);
  });
});

describe("useUnreadCount", () => {
  it("polls the unread-count endpoint every minute", () => {
    useSWR.mockReturnValue({ data: { unreadCount: 4 } });
    expect(useUnreadCount({ enabled: true })).toBe(4);
    expect(useSWR).toHaveBeenCalledWith("/api/messages/unread-count", fetchUnreadCount, { refreshInterval: 60_000 });
  });

  it("requests nothing and shows 0 when disabled", () => {
    useSWR.mockReturnValue({ data: undefined });
    expect(useUnreadCount({ enabled: false })).toBe(0);
    expect(useSWR.mock.calls[0]?.[0]).toBeNull();
  });

  it("shows 0 while loading and on error, even with stale data", () => {
    useSWR.mockReturnValue({ data: undefined, isLoading: true });
    expect(useUnreadCount({ enabled: true })).toBe(0);
    useSWR.mockReturnValue({ data: { unreadCount: 7 }, error: new Error("boom") });
    expect(useUnreadCount({ enabled: true })).toBe(0);
  });

  it("never goes below 0", () => {
    useSWR.mockReturnValue({ data: { unreadCount: -3 } });
    expect(useUnreadCount({ enabled: true })).toBe(0);
  });
});

describe("clampUnreadCount", () => {
  it.each([
    [5, 5],
    [0, 0],
    [-1, 0],
    [2.7, 2],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    ["3", 0],
    [undefined, 0],
    [null, 0],
  ])("%s → %s", (value, expected) => {
    expect(clampUnreadCount(value)).toBe(expected);
  });
});

describe("the badge's decrement (the spec: by one, never below 0)", () => {
  it.each([
    [{ unreadCount: 3 }, 2],
    [{ unreadCount: 1 }, 0],
    [{ unreadCount: 0 }, 0],
    [{ unreadCount: -2 }, 0],
    [undefined, 0],
  ])("%o → %s", (current, expected) => {
    expect(decrementedUnreadCount(current)).toEqual({ unreadCount: expected });
  });

  it("changes the badge's cached count at once, without asking the server", () => {
    decrementUnreadCount();
    expect(mutate).toHaveBeenCalledWith("/api/messages/unread-count", decrementedUnreadCount, { revalidate: false });
  });

  it("a count the inbox brought replaces the badge's, clamped", () => {
    setUnreadCount(-1);
    expect(mutate).toHaveBeenCalledWith("/api/messages/unread-count", { unreadCount: 0 }, { revalidate: false });
  });
});
