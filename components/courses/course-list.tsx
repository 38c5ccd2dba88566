"use client";

import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import NextLink from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { STATUS_LABELS } from "@/components/courses/labels";
import { COURSE_STATUSES } from "@/lib/schemas/courses";

/**
 * The admin course list's search, status filter and pages around its rows (the server's table). They live in
 * the URL (?q=&status=&page=), so they survive reloads and links.
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
    <Stack spacing={2}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        component="form"
        role="search"
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
          sx={{ flex: 1 }}
          helperText="Press Enter to search titles and descriptions"
        />
        <TextField
          select
          label="Status"
          value={status}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => router.push(href({ status: e.target.value }))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {COURSE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {children}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          sx={{ alignSelf: "center" }}
          renderItem={(item) => <PaginationItem component={NextLink} href={href({ page: item.page ?? 1 })} {...item} />}
        />
      )}
    </Stack>
  );
}
