import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import NotFound from "@/app/not-found";
import { fetchCourseData } from "@/components/learning/course-api";
import { ErrorScreen } from "@/components/shell/error-screen";
import { apiGet, ApiError, resetApiClient } from "./api";
import {
  fetchGroups,
  fetchProfile,
  fetchUnreadCount,
  loginFailureMessage,
  registerAccount,
  registerOrganization,
  updateProfile,
  updateScormProgress,
} from "./spec-calls";
import {
  empty,
  hang,
  html,
  installFakeBrowser,
  json,
  networkFailure,
  serverError,
  type FakeBrowser,
} from "./testing/fake-browser";

// The spec's error catalogue (docs/specification.md "Wording"), written out here message by
// message, each produced in its situation. A changed wording anywhere fails this file.

let browser: FakeBrowser;

beforeEach(() => {
  browser = installFakeBrowser("/dashboard");
});

afterEach(() => {
  resetApiClient();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A server failure without a message of its own: a 500 with an empty body. */
const silentServerFailure = () => empty(500);

describe("fallback messages: used when the server gives none, the server's message preferred", () => {
  const calls: [string, string, () => Promise<unknown>][] = [
    ["Registration failed", "POST /auth/register", () => registerAccount({})],
    ["Organization registration failed", "POST /auth/register-organization", () => registerOrganization({})],
    ["Failed to fetch profile", "GET /auth/profile", () => fetchProfile()],
    ["Failed to update profile", "PUT /auth/profile", () => updateProfile({ first_name: "A" })],
    ["Failed to get unread count", "GET /api/messages/unread-count", () => fetchUnreadCount()],
    [
      "Failed to update SCORM progress",
      "POST /api/scorm-tracking",
      () => updateScormProgress({ lessonId: "l1", status: "completed", progress: 100 }),
    ],
    ["Error fetching groups", "GET /api/admin/groups", () => fetchGroups()],
  ];

  it.each(calls)("'%s' when %s fails without a message", async (message, request, call) => {
    browser.respond(silentServerFailure());
    expect((await failure(call())).message).toBe(message);
    const [method, path] = request.split(" ");
    expect(browser.calls[0]?.url).toBe(path);
    expect(browser.calls[0]?.init.method).toBe(method);
  });

  it.each(calls)("the server's message instead of '%s'", async (_message, _request, call) => {
    browser.respond(serverError(409, "CONFLICT", "An account with this email already exists"));
    expect((await failure(call())).message).toBe("An account with this email already exists");
  });

  it("'Login failed' when the sign-in fails without a message of the server", () => {
    expect(loginFailureMessage(undefined)).toBe("Login failed");
    expect(loginFailureMessage("CredentialsSignin")).toBe("Login failed");
    expect(loginFailureMessage("Invalid email or password")).toBe("Invalid email or password");
  });
});

describe("transport and response failures", () => {
  it("a timeout: 'Request timed out - using cached data if available'", async () => {
    vi.useFakeTimers();
    browser.respond(hang, hang);
    const pending = failure(apiGet("/api/messages"));
    await vi.advanceTimersByTimeAsync(60_000 + 120_000);
    expect((await pending).message).toBe("Request timed out - using cached data if available");
  });

  it("a network error: 'Unable to connect to the server. Please check your internet connection and try again.'", async () => {
    browser.respond(networkFailure);
    expect((await failure(apiGet("/api/messages"))).message).toBe(
      "Unable to connect to the server. Please check your internet connection and try again.",
    );
  });

  it("HTML where data was expected: 'Received HTML instead of JSON response'", async () => {
    browser.respond(html());
    expect((await failure(apiGet("/api/messages"))).message).toBe("Received HTML instead of JSON response");
  });

  it("HTML for a course URL: the server routing error naming the course, status 500", async () => {
    browser.respond(html());
    const error = await failure(fetchCourseData("c-42", "/api/courses/c-42/progress"));
    expect(error.message).toBe(
      "Server routing error: Received HTML instead of course data for course ID c-42. Please check server configuration.",
    );
    expect(error.status).toBe(500);
  });
});

describe("403", () => {
  it("on a path with /modules: 'You do not have permission to view this course modules.'", async () => {
    browser.respond(serverError(403, "FORBIDDEN", "Enrol first"));
    expect(await failure(apiGet("/api/courses/c1/modules/m1")).then((e) => e.message)).toBe(
      "You do not have permission to view this course modules.",
    );
  });

  it("elsewhere: the server's message, or 'Access denied'", async () => {
    browser.respond(serverError(403, "FORBIDDEN", "You can only edit courses you teach"), json({ error: {} }, 403));
    expect((await failure(apiGet("/api/courses/c1"))).message).toBe("You can only edit courses you teach");
    expect((await failure(apiGet("/api/courses/c1"))).message).toBe("Access denied");
  });
});

describe("screens", () => {
  it("the top-level failure screen: 'Something went wrong.', the error text, then the advice", () => {
    const markup = renderToStaticMarkup(
      createElement(ErrorScreen, { message: "The database is down", onRetry: () => undefined }),
    );
    // Emotion inlines <style> elements next to the markup: only the visible text counts.
    const text = markup.replace(/<style[^>]*>[^<]*<\/style>/g, "").replace(/<[^>]+>/g, "\n");
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const first = lines.indexOf("Something went wrong.");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.slice(first, first + 3)).toEqual([
      "Something went wrong.",
      "The database is down",
      "Please try refreshing the page or contact support if the problem persists.",
    ]);
  });

  it("an unknown path: 'Page Not Found'", () => {
    expect(renderToStaticMarkup(createElement(NotFound))).toContain("Page Not Found");
  });
});
