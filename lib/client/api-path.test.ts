import { describe, expect, it } from "vitest";
import { pathnameOf, resolveApiPath } from "./api-path";

describe("resolveApiPath", () => {
  it.each([
    ["courses", "/api/courses"],
    ["/courses", "/api/courses"],
    ["/courses/c1/modules?include=lessons", "/api/courses/c1/modules?include=lessons"],
    ["/api/courses", "/api/courses"],
    ["api/courses", "/api/courses"],
    ["/api", "/api"],
    ["/auth/login", "/auth/login"],
    ["auth/profile", "/auth/profile"],
    ["/uploads/org/logo.png", "/uploads/org/logo.png"],
    ["/files/uploads/a.pdf", "/files/uploads/a.pdf"],
    ["/s3-proxy/bucket/key.mp4", "/s3-proxy/bucket/key.mp4"],
    ["https://cdn.example.com/x.json", "https://cdn.example.com/x.json"],
    ["http://localhost:3000/api/x", "http://localhost:3000/api/x"],
    // Only whole segments count: these are ordinary resources.
    ["/authors", "/api/authors"],
    ["/apiary", "/api/apiary"],
    ["/uploads", "/api/uploads"],
  ])("%s → %s", (path, expected) => {
    expect(resolveApiPath(path)).toBe(expected);
  });
});

describe("pathnameOf", () => {
  it.each([
    ["/api/courses?page=2", "/api/courses"],
    ["/api/courses#top", "/api/courses"],
    ["https://example.com/api/x?y=1", "/api/x"],
    ["https://example.com", "/"],
  ])("%s → %s", (url, expected) => {
    expect(pathnameOf(url)).toBe(expected);
  });
});
