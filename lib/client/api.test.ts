import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiDelete, apiFetch, apiGet, apiPatch, apiPost, apiPut, ApiError, resetApiClient } from "./api";
import { API_MESSAGES } from "./api-error";
import {
  empty,
  html,
  installFakeBrowser,
  json,
  networkFailure,
  serverError,
  type FakeBrowser,
} from "./testing/fake-browser";

let browser: FakeBrowser;

beforeEach(() => {
  browser = installFakeBrowser("/dashboard");
});

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
});

function headersOf(call = browser.calls[0]): Headers {
  return new Headers(call?.init.headers);
}

describe("requests", () => {
  it("prefixes the path, sends same-origin credentials and JSON headers, and returns the JSON body", async () => {
    browser.respond(json([{ id: "c1" }]));
    await expect(apiFetch("courses")).resolves.toEqual([{ id: "c1" }]);
    const call = browser.calls[0];
    expect(call?.url).toBe("/api/courses");
    expect(call?.init.method).toBe("GET");
    expect(call?.init.credentials).toBe("same-origin");
    expect(headersOf().get("accept")).toBe("application/json");
    expect(call?.init.body).toBeUndefined();
  });

  it("leaves /auth paths alone", async () => {
    browser.respond(json({ ok: true }));
    await apiPost("/auth/login", { email: "a@b.c", password: "pw" });
    expect(browser.calls[0]?.url).toBe("/auth/login");
  });

  it("serialises bodies as JSON with a JSON content type", async () => {
    browser.respond(json({ id: "c2" }, 201));
    await expect(apiPost("/courses", { title: "Intro" })).resolves.toEqual({ id: "c2" });
    expect(browser.calls[0]?.init.method).toBe("POST");
    expect(browser.calls[0]?.init.body).toBe('{"title":"Intro"}');
    expect(headersOf().get("content-type")).toBe("application/json");
  });

  it("sends FormData untouched and lets the browser pick its content type", async () => {
    const form = new FormData();
    form.set("file", "x");
    browser.respond(json({}));
    await apiPost("/uploads/avatar", form);
    expect(browser.calls[0]?.init.body).toBe(form);
    expect(headersOf().has("content-type")).toBe(false);
  });

  it("keeps caller headers but always uses same-origin credentials", async () => {
    browser.respond(json({}));
    await apiGet("/courses", { headers: { Accept: "text/csv", "X-Trace": "1" }, credentials: "include" });
    expect(headersOf().get("accept")).toBe("text/csv");
    expect(headersOf().get("x-trace")).toBe("1");
    expect(browser.calls[0]?.init.credentials).toBe("same-origin");
  });

  it.each([
    ["PUT", () => apiPut("/courses/c1", { title: "x" })],
    ["PATCH", () => apiPatch("/courses/c1", { title: "x" })],
    ["DELETE", () => apiDelete("/courses/c1")],
  ])("%s helper sends its method", async (method, call) => {
    browser.respond(json({}));
    await call();
    expect(browser.calls[0]?.init.method).toBe(method);
  });

  it("returns undefined for an empty body (204)", async () => {
    browser.respond(empty(204));
    await expect(apiDelete("/courses/c1")).resolves.toBeUndefined();
  });
});

describe("response errors", () => {
  it("throws the server's error with status, code and fieldErrors", async () => {
    browser.respond(serverError(400, "VALIDATION_FAILED", "title: Required", { title: ["Required"] }));
    const error = await apiPost("/courses", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "title: Required",
      fieldErrors: { title: ["Required"] },
    });
  });

  it("falls back to the status text when the error body has no message", async () => {
    browser.respond(json({ nope: true }, 500, "Internal Server Error"));
    await expect(apiGet("/messages")).rejects.toMatchObject({
      status: 500,
      code: "HTTP_ERROR",
      message: "Internal Server Error",
    });
  });

  it("still has a message when there is no status text either", async () => {
    browser.respond(empty(502));
    await expect(apiGet("/messages")).rejects.toMatchObject({ status: 502, message: "Request failed with status 502" });
  });

  it.each([
    ["a text/html content type", html("<!DOCTYPE html><p>hi</p>")],
    ["a body starting with <", html("  <html></html>", 200, "text/plain")],
    ["an HTML error page", html("<html>Bad gateway</html>", 502)],
  ])("rejects HTML responses (%s)", async (_label, handler) => {
    browser.respond(handler);
    await expect(apiGet("/messages")).rejects.toMatchObject({ message: API_MESSAGES.html, code: "HTML_RESPONSE" });
  });

  it("rejects a body that is neither JSON nor HTML", async () => {
    browser.respond(html("not json", 200, "application/json"));
    await expect(apiGet("/messages")).rejects.toMatchObject({ message: API_MESSAGES.invalidJson });
  });

  it("explains a network failure", async () => {
    browser.respond(networkFailure);
    const error = await apiGet("/messages").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: "NETWORK_ERROR",
      message: "Unable to connect to the server. Please check your internet connection and try again.",
    });
  });

  it("passes a caller's abort through unchanged", async () => {
    const controller = new AbortController();
    controller.abort();
    browser.respond(json({}));
    await expect(apiGet("/messages", { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("403", () => {
  it("uses the fixed wording for module requests", async () => {
    browser.respond(serverError(403, "FORBIDDEN", "Not enrolled"));
    await expect(apiGet("/courses/c1/modules")).rejects.toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "You do not have permission to view this course modules.",
    });
  });

  it("uses the server's message elsewhere", async () => {
    browser.respond(serverError(403, "FORBIDDEN", "Only administrators can do that"));
    await expect(apiGet("/users")).rejects.toMatchObject({ status: 403, message: "Only administrators can do that" });
  });

  it("falls back to 'Access denied'", async () => {
    browser.respond(html("<html>Forbidden</html>", 403));
    await expect(apiGet("/users")).rejects.toMatchObject({ status: 403, code: "FORBIDDEN", message: "Access denied" });
  });
});
