import { describe, expect, it } from "vitest";
import { clockText, durationText, marksText } from "@/components/quizzes/format";
import { joinNumeric, splitNumeric, wordCount } from "@/components/quizzes/inputs/numeric-text";

describe("quiz wording", () => {
  it("marks, durations and the countdown", () => {
    expect([marksText(1), marksText(2), marksText(1.5)]).toEqual(["1 mark", "2 marks", "1.5 marks"]);
    expect(durationText(5400)).toBe("1 hour 30 minutes");
    expect(durationText(60)).toBe("1 minute");
    expect([clockText(3_725_000), clockText(1_781_000), clockText(8_100), clockText(-5)]).toEqual([
      "1:02:05",
      "29:41",
      "0:09",
      "0:00",
    ]);
  });

  it("a numeric response as its number and unit, and back", () => {
    expect(splitNumeric("150 cm", ["m", "cm"])).toEqual({ number: "150", unit: "cm" });
    expect(splitNumeric("1.5", ["m", "cm"])).toEqual({ number: "1.5", unit: "" });
    expect(joinNumeric(" 2 ", "m")).toBe("2 m");
    expect(joinNumeric("2", "")).toBe("2");
    expect([wordCount(""), wordCount("  one two\nthree ")]).toEqual([0, 3]);
  });
});
