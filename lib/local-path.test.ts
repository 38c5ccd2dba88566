import { describe, expect, it } from "vitest";
import { localPath } from "./local-path";

describe("localPath", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(localPath("/courses", "/login")).toBe("/courses");
    expect(localPath("/admin/users?page=2#list", "/login")).toBe("/admin/users?page=2#list");
  });

  it("refuses every address that leads to another host or runs script", () => {
    for (const url of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "/\t/evil.example/",
      "/\n/evil.example/",
      "\\\\evil.example",
      "javascript:alert(1)",
      " /courses",
      "",
      undefined,
      null,
    ]) {
      expect(localPath(url, "/login"), String(url)).toBe("/login");
    }
  });

  it("an encoded backslash stays a path of this site", () => {
    expect(localPath("/%5Cevil.example", "/login")).toBe("/%5Cevil.example");
  });
});
