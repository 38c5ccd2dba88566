import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetApiClient } from "@/lib/client/api";
import { html, installFakeBrowser, json, type FakeBrowser } from "@/lib/client/testing/fake-browser";
import { fetchCourseData, lessonProgressPath } from "./course-api";

let browser: FakeBrowser;
const courseId = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

beforeEach(() => {
  browser = installFakeBrowser(`/courses/${courseId}`);
});

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
});

describe("fetchCourseData", () => {
  it("returns the JSON of a course URL", async () => {
    browser.respond(json({ enrollment: null, lessons: [] }));
    await expect(fetchCourseData(courseId, `/api/courses/${courseId}/progress`)).resolves.toEqual({
      enrollment: null,
      lessons: [],
    });
    expect(browser.calls[0]?.url).toBe(`/api/courses/${courseId}/progress`);
  });

  it("reports HTML instead of course data with the course id and status 500", async () => {
    browser.respond(html("<!DOCTYPE html><title>App</title>"));
    await expect(fetchCourseData(courseId, `/api/courses/${courseId}/progress`)).rejects.toMatchObject({
      message: `Server routing error: Received HTML instead of course data for course ID ${courseId}. Please check server configuration.`,
      status: 500,
    });
  });

  it("applies to writes too", async () => {
    browser.respond(html("<html>proxy page</html>", 502));
    await expect(
      fetchCourseData(courseId, lessonProgressPath(courseId, "l1"), { method: "PUT", body: { completed: true } }),
    ).rejects.toMatchObject({
      message: `Server routing error: Received HTML instead of course data for course ID ${courseId}. Please check server configuration.`,
    });
  });

  it("passes other errors through unchanged", async () => {
    browser.respond(json({ error: { code: "CONFLICT", message: "Enroll first" } }, 409));
    await expect(
      fetchCourseData(courseId, lessonProgressPath(courseId, "l1"), { method: "PUT", body: {} }),
    ).rejects.toMatchObject({ message: "Enroll first", status: 409 });
  });
});
