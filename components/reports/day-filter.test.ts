import { describe, expect, it } from "vitest";
import { dayProblem } from "@/components/reports/day-filter";

describe("dayProblem", () => {
  it("takes a day in range that does not pass the other end", () => {
    expect(dayProblem("From", "2026-02-01", { before: { label: "To", day: "2026-02-01" } })).toBeUndefined();
    expect(dayProblem("To", "1900-01-01", {})).toBeUndefined();
    expect(dayProblem("To", "2099-12-31", { after: { label: "From", day: undefined } })).toBeUndefined();
  });

  it("says a day outside the reports' range is, in the query schema's words", () => {
    expect(dayProblem("From", "1899-12-31", {})).toBe("From must be between 1900-01-01 and 2099-12-31");
    expect(dayProblem("To", "2100-01-01", {})).toBe("To must be between 1900-01-01 and 2099-12-31");
  });

  it("says which end a day passes", () => {
    expect(dayProblem("From", "2026-02-02", { before: { label: "To", day: "2026-02-01" } })).toBe(
      "From must not be after To",
    );
    expect(dayProblem("To", "2026-01-31", { after: { label: "From", day: "2026-02-01" } })).toBe(
      "To must not be before From",
    );
  });
});
