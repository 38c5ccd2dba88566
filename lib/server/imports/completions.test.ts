import { describe, expect, it } from "vitest";
import { describeCompletions, planCompletions, type ImportCourse } from "@/lib/server/imports/completions";
import { RowRejected } from "@/lib/server/imports/row-rejected";

const NOW = new Date("2026-11-27T12:00:00Z");
const COURSES: Record<string, ImportCourse> = {
  fire: {
    id: "c-fire",
    title: "Fire safety",
    lessonCount: 3,
    certificateTemplateId: "t1",
    certificateValidityMonths: 12,
  },
  ethics: {
    id: "c-ethics",
    title: "Ethics",
    lessonCount: 1,
    certificateTemplateId: "t1",
    certificateValidityMonths: null,
  },
  intro: {
    id: "c-intro",
    title: "Intro",
    lessonCount: 2,
    certificateTemplateId: null,
    certificateValidityMonths: null,
  },
  empty: {
    id: "c-empty",
    title: "Empty",
    lessonCount: 0,
    certificateTemplateId: null,
    certificateValidityMonths: null,
  },
};
const find = (name: string) => {
  const course = COURSES[name.toLowerCase()];
  if (!course) throw new RowRejected(`Unknown course '${name}'`);
  return course;
};
const plan = (courses: string, dates: string) => planCompletions(courses, dates, find, NOW);
const rejection = (courses: string, dates: string) => {
  try {
    plan(courses, dates);
  } catch (error) {
    if (error instanceof RowRejected) return error.message;
    throw error;
  }
  return null;
};

describe("the completed_on column", () => {
  it("reads a day as midnight UTC, and a time as our exports write it", () => {
    const completedAt = (date: string) => plan("Fire", date)[0]?.completedAt;
    expect(completedAt("2025-03-01")).toEqual(new Date("2025-03-01T00:00:00Z"));
    expect(completedAt("2025-03-01 14:05:09")).toEqual(new Date("2025-03-01T14:05:09Z"));
    expect(completedAt("2025-03-01T14:05Z")).toEqual(new Date("2025-03-01T14:05:00Z"));
    for (const bad of [
      "2025-02-30",
      "2025-13-01",
      "01/03/2025",
      "2025-3-1",
      "March 1, 2025",
      "1899-12-31",
      "2025-03-01 25:00",
    ])
      expect(rejection("Fire", bad), bad).toBe(`Invalid completion date '${bad}': write it as YYYY-MM-DD`);
  });

  it("gives one date to every course of the row, or one per course in the same order", () => {
    expect(plan("Fire|Ethics", "2025-03-01")).toEqual([
      {
        courseId: "c-fire",
        title: "Fire safety",
        completedAt: new Date("2025-03-01T00:00:00Z"),
        certificate: { expiresAt: new Date("2026-03-01T00:00:00Z") },
      },
      {
        courseId: "c-ethics",
        title: "Ethics",
        completedAt: new Date("2025-03-01T00:00:00Z"),
        certificate: { expiresAt: null },
      },
    ]);
    expect(
      plan("Fire;Intro;Ethics", "2025-03-01;;2024-01-15").map((c) => [c.courseId, c.completedAt.toISOString()]),
    ).toEqual([
      ["c-fire", "2025-03-01T00:00:00.000Z"],
      ["c-ethics", "2024-01-15T00:00:00.000Z"],
    ]);
    expect(plan("Intro", "2025-03-01")[0]!.certificate).toBeNull();
    expect(plan("Fire", "")).toEqual([]);
    expect(plan("Fire", "2026-11-27")).toHaveLength(1);
  });

  it("refuses a row with the reason", () => {
    expect(rejection("", "2025-03-01")).toBe("A completion date needs a course: name the course in the courses column");
    expect(rejection("Fire|Ethics|Intro", "2025-03-01;2025-03-02")).toBe(
      "2 completion dates for 3 courses: give one date for all of them, or one per course in the same order",
    );
    expect(rejection("Fire", "03/01/2025")).toBe("Invalid completion date '03/01/2025': write it as YYYY-MM-DD");
    expect(rejection("Fire", "2026-11-28")).toBe("The completion date 2026-11-28 is in the future");
    expect(rejection("Nowhere", "2025-03-01")).toBe("Unknown course 'Nowhere'");
    expect(rejection("Empty", "2025-03-01")).toBe("The course 'Empty' has no lessons: there is nothing to complete");
  });

  it("says what the row completes and what its certificate is worth", () => {
    expect(describeCompletions(plan("Fire;Intro;Ethics", "2026-03-01;2024-05-06;2020-01-02"), NOW)).toBe(
      "Fire safety on 2026-03-01 (certificate valid until 2027-03-01), Intro on 2024-05-06, Ethics on 2020-01-02 (certificate)",
    );
    expect(describeCompletions(plan("Fire", "2024-01-10"), NOW)).toBe(
      "Fire safety on 2024-01-10 (certificate expired on 2025-01-10)",
    );
  });
});
