import { addMonths } from "date-fns";
import { RowRejected } from "@/lib/server/imports/row-rejected";

// The `completed_on` column: an organization coming from another LMS brings the date on which each
// person completed the row's courses there, so they keep their certificates. One date for every course
// of the row, or one per course in the same order (an empty one: that course is only an enrollment).
// A date is a day (YYYY-MM-DD, midnight UTC) or a UTC time as our exports write it; never in the future.

/** What an import knows of a course of its organization. */
export interface ImportCourse {
  id: string;
  title: string;
  lessonCount: number;
  certificateTemplateId: string | null;
  certificateValidityMonths: number | null;
}

/** A completion a row brings: the course and when it was completed, and the certificate it will issue. */
export interface PlannedCompletion {
  courseId: string;
  title: string;
  completedAt: Date;
  /** Whether the course issues a certificate, and when that one expires (null: never). */
  certificate: { expiresAt: Date | null } | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z?$/;

/** A completion date as the column holds it; null when it is not one. */
function parseCompletionDate(value: string): Date | null {
  const match = DAY.exec(value) ?? TIME.exec(value);
  if (!match) return null;
  const part = (i: number) => Number(match[i] ?? 0);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(part) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // 2025-02-30 would roll over into March: not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  return year < 1900 ? null : date;
}

/** The day of a date as the dry run says it. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The completions of a row: its courses (names or ids, as the courses column lists them) paired with the
 * dates of its completed_on cell. `findCourse` answers the organization's course of a name (the courses
 * column has already refused unknown and ambiguous ones).
 */
export function planCompletions(
  coursesCell: string,
  datesCell: string,
  findCourse: (name: string) => ImportCourse,
  now: Date,
): PlannedCompletion[] {
  if (!datesCell) return [];
  const names = coursesCell
    .split(/[|;]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const dates = datesCell.split(/[|;]/).map((s) => s.trim());
  if (names.length === 0)
    throw new RowRejected("A completion date needs a course: name the course in the courses column");
  if (dates.length !== 1 && dates.length !== names.length)
    throw new RowRejected(
      `${dates.length} completion dates for ${names.length} courses: give one date for all of them, or one per course in the same order`,
    );
  const planned = new Map<string, PlannedCompletion>();
  for (const [i, name] of names.entries()) {
    const raw = dates.length === 1 ? dates[0]! : dates[i]!;
    if (!raw) continue;
    const completedAt = parseCompletionDate(raw);
    if (!completedAt) throw new RowRejected(`Invalid completion date '${raw}': write it as YYYY-MM-DD`);
    if (completedAt.getTime() > now.getTime()) throw new RowRejected(`The completion date ${raw} is in the future`);
    const course = findCourse(name);
    if (course.lessonCount === 0)
      throw new RowRejected(`The course '${course.title}' has no lessons: there is nothing to complete`);
    if (planned.has(course.id)) continue;
    const months = course.certificateValidityMonths;
    planned.set(course.id, {
      courseId: course.id,
      title: course.title,
      completedAt,
      certificate: course.certificateTemplateId ? { expiresAt: months ? addMonths(completedAt, months) : null } : null,
    });
  }
  return [...planned.values()];
}

/** "Fire safety on 2025-03-01 (certificate valid until 2026-03-01), Ethics on 2025-01-15" */
export function describeCompletions(completions: readonly PlannedCompletion[], now: Date): string {
  return completions
    .map((c) => {
      const expiresAt = c.certificate?.expiresAt;
      const certificate = !c.certificate
        ? ""
        : !expiresAt
          ? " (certificate)"
          : expiresAt.getTime() > now.getTime()
            ? ` (certificate valid until ${dayOf(expiresAt)})`
            : ` (certificate expired on ${dayOf(expiresAt)})`;
      return `${c.title} on ${dayOf(c.completedAt)}${certificate}`;
    })
    .join(", ");
}
