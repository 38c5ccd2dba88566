"use client";

import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
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
import Typography from "@mui/material/Typography";
import NextLink from "@/components/navigation/link";
import { useEffect, useState } from "react";
import { thumbnailSource, type LoadState } from "@/components/courses/thumbnail-source";
import type { CourseSummaryJson } from "@/components/courses/types";
import { useOrigin } from "@/components/hooks/use-browser";
import { MONO_FONT_FAMILY } from "@/components/theme/fonts";
import type { Page } from "@/lib/schemas/pagination";

const LOAD_LABELS: Record<LoadState, { label: string; color: "default" | "success" | "error" }> = {
  checking: { label: "Checking…", color: "default" },
  loads: { label: "Loads", color: "success" },
  broken: { label: "Broken", color: "error" },
};

/** Each course's thumbnail: where it comes from, what is stored, what it resolves to, and whether the browser can load it. */
export function ThumbnailDebugList({ courses }: { courses: Page<CourseSummaryJson> }) {
  const origin = useOrigin();
  const pages = Math.max(1, Math.ceil(courses.total / courses.page_size));
  return (
    <Stack spacing={2}>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Course thumbnails" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Course</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Stored value</TableCell>
              <TableCell>Resolved URL</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {courses.items.map((course) => {
              const source = thumbnailSource(course);
              const resolved = origin ? new URL(course.thumbnail_url, origin).href : course.thumbnail_url;
              return (
                <TableRow key={course.id} data-course-id={course.id}>
                  <TableCell>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
                      {/* eslint-disable-next-line @next/next/no-img-element -- the point is to load the URL exactly as stored */}
                      <img
                        src={course.thumbnail_url}
                        alt=""
                        width={80}
                        height={45}
                        style={{ objectFit: "cover", borderRadius: 4 }}
                      />
                      <Link component={NextLink} href={`/admin/courses/${course.id}`} underline="hover">
                        {course.title}
                      </Link>
                    </Box>
                  </TableCell>
                  <TableCell>{source.label}</TableCell>
                  <TableCell sx={{ fontFamily: MONO_FONT_FAMILY, fontSize: 12, wordBreak: "break-all" }}>
                    {source.stored ?? "(none)"}
                  </TableCell>
                  <TableCell sx={{ fontFamily: MONO_FONT_FAMILY, fontSize: 12, wordBreak: "break-all" }}>
                    {resolved}
                  </TableCell>
                  <TableCell>
                    <LoadCheck key={course.thumbnail_url} url={course.thumbnail_url} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={courses.page}
          sx={{ alignSelf: "center" }}
          renderItem={(item) => (
            <PaginationItem
              component={NextLink}
              href={item.page && item.page > 1 ? `?page=${item.page}` : "?"}
              {...item}
            />
          )}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        A broken image: open the course and upload a new thumbnail, or remove it to fall back to the generated
        placeholder.
      </Typography>
    </Stack>
  );
}

/** Loads the URL as the browser would show it, with an Image, and reports the outcome. */
function LoadCheck({ url }: { url: string }) {
  const [state, setState] = useState<LoadState>("checking");
  useEffect(() => {
    const image = new Image();
    image.onload = () => setState(image.naturalWidth > 0 ? "loads" : "broken");
    image.onerror = () => setState("broken");
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  const { label, color } = LOAD_LABELS[state];
  return <Chip size="small" label={label} color={color} role="status" />;
}
