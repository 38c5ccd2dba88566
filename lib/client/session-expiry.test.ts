import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost, configureApiClient, resetApiClient } from "./api";
import { html, installFakeBrowser, json, networkFailure, serverError, type FakeBrowser } from "./testing/fake-browser";

let browser: FakeBrowser;

beforeEach(() => {
  vi.useFakeTimers();
  browser = installFakeBrowser("/dashboard");
});

afterEach(() => {
  vi.useRealTimers();
  resetApiClient();
  vi.unstubAllGlobals();
});

const unauthorized = serverError(401, "UNAUTHENTICATED", "Authentication required");

/** True when none of the promises has settled even after every timer has had its chance. */
async function staysPending(...promises: Promise<unknown>[]): Promise<boolean> {
  let settled = 0;
  for (const promise of promises) {
    promise.then(
      () => settled++,
      () => settled++,
    );
  }
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  return settled === 0;
}

describe("401 on a normal page", () => {
  it("clears both storages, goes to /login and never settles", async () => {
    browser.localStorage.setItem("api_cache", "{}");
    browser.sessionStorage.setItem("draft", "x");
    browser.respond(unauthorized);
    expect(await staysPending(apiGet("/courses"))).toBe(true);
    expect(browser.localStorage.length).toBe(0);
    expect(browser.sessionStorage.length).toBe(0);
    expect(browser.location.assign).toHaveBeenCalledExactlyOnceWith("/login");
  });

  it("redirects even when the 401 body is HTML", async () => {
    browser.respond(html("<html>401</html>", 401));
    expect(await staysPending(apiGet("/messages"))).toBe(true);
    expect(browser.location.assign).toHaveBeenCalledWith("/login");
  });

  it("holds later requests without sending them and redirects only once", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    browser.respond(unauthorized, unauthorized);
    const first = apiGet("/courses");
    const parallel = apiGet("/groups");
    expect(await staysPending(first, parallel)).toBe(true);
    expect(await staysPending(apiGet("/users"))).toBe(true);
    expect(browser.calls).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("hides failures of requests cut off by the redirect", async () => {
    configureApiClient({ onUnauthorized: vi.fn() });
    let failLater!: (error: unknown) => void;
    browser.respond(unauthorized, () => new Promise<Response>((_, reject) => (failLater = reject)));
    const expired = apiGet("/messages");
    const cutOff = apiGet("/messages/inbox");
    await vi.advanceTimersByTimeAsync(0);
    failLater(new TypeError("Failed to fetch"));
    expect(await staysPending(expired, cutOff)).toBe(true);
  });

  it("uses an injected handler instead of the default", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    browser.sessionStorage.setItem("draft", "x");
    browser.respond(unauthorized);
    expect(await staysPending(apiGet("/courses"))).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(browser.location.assign).not.toHaveBeenCalled();
    expect(browser.sessionStorage.getItem("draft")).toBe("x");
  });

  it("lets requests through again once a client-side navigation reaches /login", async () => {
    configureApiClient({ onUnauthorized: () => (browser.location.pathname = "/login") });
    browser.respond(unauthorized, serverError(401, "UNAUTHENTICATED", "Invalid email or password"));
    expect(await staysPending(apiGet("/courses"))).toBe(true);
    await expect(apiPost("/auth/login", { email: "a@b.c", password: "x" })).rejects.toMatchObject({
      status: 401,
      message: "Invalid email or password",
    });
  });

  it.each(["/auth/login", "/auth/register"])("treats a 401 from %s as a plain error", async (path) => {
    browser.respond(serverError(401, "UNAUTHENTICATED", "Invalid email or password"));
    await expect(apiPost(path, {})).rejects.toMatchObject({ status: 401, message: "Invalid email or password" });
    expect(browser.location.assign).not.toHaveBeenCalled();
  });
});

describe.each(["/login", "/register", "/signup", "/login/"])("401 on %s", (page) => {
  it("is just an ApiError, with no redirect and storage kept", async () => {
    browser.location.pathname = page;
    browser.localStorage.setItem("keep", "1");
    browser.respond(unauthorized);
    await expect(apiGet("/courses")).rejects.toMatchObject({
      name: "ApiError",
      status: 401,
      code: "UNAUTHENTICATED",
      message: "Authentication required",
    });
    expect(browser.location.assign).not.toHaveBeenCalled();
    expect(browser.localStorage.getItem("keep")).toBe("1");
  });
});

describe("other pages and statuses", () => {
  it("does not treat /login-help as a sign-in page", async () => {
    browser.location.pathname = "/login-help";
    browser.respond(unauthorized);
    expect(await staysPending(apiGet("/courses"))).toBe(true);
    expect(browser.location.assign).toHaveBeenCalledWith("/login");
  });

  it("still reaches /login when clearing storage throws", async () => {
    vi.spyOn(browser.localStorage, "clear").mockImplementation(() => {
      throw new Error("denied");
    });
    browser.respond(unauthorized);
    expect(await staysPending(apiGet("/courses"))).toBe(true);
    expect(browser.location.assign).toHaveBeenCalledWith("/login");
  });

  it("leaves other failures alone when no redirect is pending", async () => {
    browser.respond(networkFailure, json({ ok: true }));
    await expect(apiGet("/messages")).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    await expect(apiGet("/messages")).resolves.toEqual({ ok: true });
  });
});
