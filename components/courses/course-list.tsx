"use client";

import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { format } from "date-fns";
import NextLink from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { STATUS_COLORS, STATUS_LABELS } from "@/components/courses/labels";
import type { CourseSummaryJson } from "@/components/courses/types";
import { COURSE_STATUSES } from "@/lib/schemas/courses";
import type { Page } from "@/lib/schemas/pagination";

/** The admin course list: search and status filter live in the URL (?q=&status=&page=), so they survive reloads and links. */
export function CourseList({ courses, q, status }: { courses: Page<CourseSummaryJson>; q: string; status: string }) {
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
  const pages = Math.max(1, Math.ceil(courses.total / courses.page_size));
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
      {courses.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          No courses match these filters.
        </Typography>
      ) : (
        <CourseTable items={courses.items} />
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={courses.page}
          sx={{ alignSelf: "center" }}
          renderItem={(item) => <PaginationItem component={NextLink} href={href({ page: item.page ?? 1 })} {...item} />}
        />
      )}
    </Stack>
  );
}

function CourseTable({ items }: { items: CourseSummaryJson[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Courses">
        <TableHead>
          <TableRow>
            <TableCell>Course</TableCell>
            <TableCell>Category</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Lessons</TableCell>
            <TableCell align="right">Enrollments</TableCell>
            <TableCell>Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell>
                <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- our own upload or generated placeholder */}
                  <img
                    src={c.thumbnail_url}
                    alt=""
                    width={96}
                    height={54}
                    loading="lazy"
                    style={{ objectFit: "cover", borderRadius: 4, flexShrink: 0 }}
                  />
                  <Link component={NextLink} href={`/admin/courses/${c.id}`} underline="hover" sx={{ fontWeight: 500 }}>
                    {c.title}
                  </Link>
                </Box>
              </TableCell>
              <TableCell>{c.category?.name ?? "—"}</TableCell>
              <TableCell>
                <Chip size="small" label={STATUS_LABELS[c.status]} color={STATUS_COLORS[c.status]} />
              </TableCell>
              <TableCell align="right">{c.lesson_count}</TableCell>
              <TableCell align="right">{c.enrollment_count}</TableCell>
              <TableCell>
                {/* The server and the browser may sit in different time zones. */}
                <span suppressHydrationWarning>{format(new Date(c.updated_at), "d MMM yyyy")}</span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
