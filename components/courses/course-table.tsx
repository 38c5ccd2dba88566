"use client";

import Link from "@/components/navigation/link";
import styles from "@/components/courses/course-table.module.css";
import { STATUS_LABELS } from "@/components/courses/labels";
import type { CourseTableRow } from "@/components/courses/course-table-rows";
import ui from "@/components/ui/ui.module.css";
import type { CourseStatus } from "@/lib/schemas/courses";

// The admin course list's rows, drawn from a CSS module: a page of twenty courses as MUI components was
// about two hundred instances, each writing its styles on every request. A client component given the rows
// as values (docs/architecture.md, "Lists drawn from values").

const CHIP_CLASS: Record<CourseStatus, string> = {
  draft: `${ui.chip} ${ui.chipDefault}`,
  published: `${ui.chip} ${ui.chipSuccess}`,
  archived: `${ui.chip} ${ui.chipWarning}`,
};

/** A page of the course list; when the filters leave none, says so. */
export function CourseTable({ items }: { items: CourseTableRow[] }) {
  if (items.length === 0) return <p className={styles.noMatch}>No courses match these filters.</p>;
  return (
    <div className={styles.container}>
      <table className={styles.table} aria-label="Courses">
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Lessons
            </th>
            <th scope="col" className={styles.number}>
              Enrollments
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id}>
              <td>
                <div className={styles.course}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- our own upload or generated placeholder */}
                  <img
                    src={c.thumbnail_url}
                    alt=""
                    width={96}
                    height={54}
                    loading="lazy"
                    className={styles.thumbnail}
                  />
                  <Link href={`/admin/courses/${c.id}`} className={styles.link}>
                    {c.title}
                  </Link>
                </div>
              </td>
              <td>{c.category}</td>
              <td>
                <span className={CHIP_CLASS[c.status]}>{STATUS_LABELS[c.status]}</span>
              </td>
              <td className={styles.number}>{c.lesson_count}</td>
              <td className={styles.number}>{c.enrollment_count}</td>
              <td>{c.updated}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
