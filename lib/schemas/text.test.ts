import { describe, expect, it } from "vitest";
import { findUnstorableText } from "./text";

describe("findUnstorableText", () => {
  it.each([
    ["plain text", "Safety 101 — überall ✓ 😀"],
    ["a well-formed pair", "\uD83D\uDE00"],
    ["numbers and nulls", { a: 1, b: null, c: [true, 2] }],
  ])("accepts %s", (_name, value) => {
    expect(findUnstorableText(value)).toBeNull();
  });

  it.each([
    ["a NUL", { title: "a\u0000b" }, ["title"]],
    ["a lone high surrogate", { description: "x\uD83D" }, ["description"]],
    ["a lone low surrogate", ["ok", "\uDE00y"], [1]],
    ["a reversed pair", { t: "\uDE00\uD83D" }, ["t"]],
    [
      "a nested value",
      { commits: [{ cmi: { core: { lesson_location: "p\u0000" } } }] },
      ["commits", 0, "cmi", "core", "lesson_location"],
    ],
    ["a key", { "bad\u0000key": 1 }, ["bad\u0000key"]],
  ])("finds %s", (_name, value, path) => {
    expect(findUnstorableText(value)).toEqual(path);
  });
});
