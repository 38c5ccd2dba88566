import { describe, expect, it } from "vitest";
import { isValidKey } from "@/lib/storage/keys";

describe("storage keys", () => {
  it.each(["Course.html", "Course Overview.html", "Übung 1.html", "日本語.html", "a-b_c.d", "questions.js"])(
    "accepts the segment %j",
    (s) => {
      expect(isValidKey(`scorm/${s}`)).toBe(true);
    },
  );
  it.each([
    "",
    ".",
    "..",
    "a\\b",
    "C:",
    "a\u0000b",
    "a\nb",
    "name.",
    "name ",
    'a"b',
    "a*b",
    "x".repeat(256),
    "U\u0308bung",
  ])("refuses the segment %j", (s) => {
    expect(isValidKey(`scorm/${s}`)).toBe(false);
  });
  it("checks whole keys", () => {
    expect(isValidKey("scorm/0190/Etiquette/Course.html")).toBe(true);
    expect(isValidKey("scorm/0190/../../etc/passwd")).toBe(false);
    expect(isValidKey("/etc/passwd")).toBe(false);
  });
});
