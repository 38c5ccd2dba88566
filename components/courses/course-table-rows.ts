import { format } from "date-fns";
import type { CourseSummaryJson } from "@/components/courses/types";
import type { CourseStatus } from "@/lib/schemas/courses";

/** A row of the admin course list as the table shows it, its words and dates written on the server. */
export interface CourseTableRow {
  id: string;
  title: string;
  thumbnail_url: string;
  category: string;
  status: CourseStatus;
  lesson_count: number;
  enrollment_count: number;
  updated: string;
}

export function courseTableRow(course: CourseSummaryJson): CourseTableRow {
  return {
    id: course.id,
    title: course.title,
    thumbnail_url: course.thumbnail_url,
    category: course.category?.name ?? "—",
    status: course.status,
    lesson_count: course.lesson_count,
    enrollment_count: course.enrollment_count,
    updated: format(new Date(course.updated_at), "d MMM yyyy"),
  };
}
