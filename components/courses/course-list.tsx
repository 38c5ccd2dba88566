"use client";

import { usePathname, useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import styles from "@/components/courses/course-list.module.css";
import { STATUS_LABELS } from "@/components/courses/labels";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";

// From the labels (in the statuses' order), not from lib/schemas/courses: that module would bring zod, about
// 35 KB of compressed JavaScript, to the browser for three words.
const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/**
 * The admin course list's search, status filter and pages around its rows (the server's table). They live in
 * the URL (?q=&status=&page=), so they survive reloads and links. Drawn from CSS modules: the page loads no
 * MUI.
 */
export function CourseList({
  total,
  page,
  pageSize,
  q,
  status,
  children,
}: {
  total: number;
  page: number;
  pageSize: number;
  q: string;
  status: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [search, setSearch] = useState(q);
  const href = (next: { q?: string; status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const values = { q, status, page: 1, ...next };
    if (values.q) params.set("q", values.q);
    if (values.status) params.set("status", values.status);
    if (values.page > 1) params.set("page", String(values.page));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className={styles.list}>
      <form
        role="search"
        className={styles.filters}
        onSubmit={(e) => {
          e.preventDefault();
          router.push(href({ q: search.trim() }));
        }}
      >
        <TextField
          type="search"
          label="Search courses"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={styles.search}
          helperText="Press Enter to search titles and descriptions"
        />
        <Select
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(e) => router.push(href({ status: e.target.value }))}
          className={styles.status}
        />
      </form>
      {children}
      {pages > 1 && <Pagination count={pages} page={page} hrefFor={(p) => href({ page: p })} />}
    </div>
  );
}
