import { describe, expect, it } from "vitest";
import { copyField, timestamp } from "./copy-writer";
import { enrollmentCount } from "./enrollments";
import { courseTitle, LARGE_DATASET } from "./plan";

describe("the large dataset's shape", () => {
  it("gives the learners of an organization exactly its share of enrollments, 2 to 18 each (0 to 1 in the big one)", () => {
    // 49,967: the big organization's learners, most of whom have none (never fewer than none).
    for (const learners of [2467, 2468, 10, 49_967]) {
      const counts = Array.from({ length: learners }, (_, j) => enrollmentCount(learners, j));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(
        LARGE_DATASET.enrollmentsPerOrganization - LARGE_DATASET.benchLearnerEnrollments,
      );
      if (learners > 100 && learners < 5000) expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(0);
    }
  });

  it("gives the huge organization's learners 250,000 enrollments in all, 2 to 19 each", () => {
    const learners = 24_967;
    const counts = Array.from({ length: learners }, (_, j) => enrollmentCount(learners, j, 250_000));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(250_000 - LARGE_DATASET.benchLearnerEnrollments);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...counts)).toBeLessThanOrEqual(19);
  });

  it("names courses uniquely within an organization, about 30% of them with the search term", () => {
    const titles = Array.from({ length: LARGE_DATASET.coursesPerOrganization }, (_, i) => courseTitle(i));
    expect(new Set(titles).size).toBe(titles.length);
    const matching = titles.filter((t) => t.toLowerCase().includes("management")).length;
    expect(matching).toBeGreaterThanOrEqual(25);
  });
});

describe("COPY text format", () => {
  it("escapes the characters COPY treats specially and spells NULL as \\N", () => {
    expect(copyField("a\tb\nc\\d\re")).toBe("a\\tb\\nc\\\\d\\re");
    expect(copyField(null)).toBe("\\N");
    expect(copyField(true)).toBe("t");
    expect(copyField(42)).toBe("42");
  });

  it("writes timestamps in UTC with milliseconds, as TIMESTAMP(3) stores them", () => {
    expect(timestamp(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe("2026-01-02T03:04:05.678");
  });
});
