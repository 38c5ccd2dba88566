"use client";

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { FilePickButton } from "@/components/forms/file-pick-button";
import type { CourseJson } from "@/components/courses/types";
import { apiDelete, apiPut } from "@/lib/client/api";
import { failureMessage } from "@/lib/client/spec-calls";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";

/** The course's thumbnail: preview, upload (sent at once as multipart), remove (back to the generated placeholder). */
export function ThumbnailUpload({
  course,
  onChange,
  onError,
}: {
  course: CourseJson;
  onChange: (course: CourseJson) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function run(request: () => Promise<CourseJson>, failure: string) {
    setBusy(true);
    try {
      onChange(await request());
    } catch (e) {
      onError(failureMessage(e, failure));
    } finally {
      setBusy(false);
    }
  }

  const upload = (file: File) => {
    const body = new FormData();
    body.set("thumbnail", file);
    void run(
      () => apiPut<CourseJson>(`/api/courses/${course.id}/thumbnail`, body, { retryOnTimeout: false }),
      "Could not upload the thumbnail",
    );
  };

  return (
    <Box component="section" aria-labelledby="thumbnail-heading" sx={{ mb: 3 }}>
      <Typography id="thumbnail-heading" variant="h6" component="h2" gutterBottom>
        Thumbnail
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Box
          sx={{
            position: "relative",
            width: 240,
            aspectRatio: "16 / 9",
            borderRadius: 1,
            overflow: "hidden",
            border: 1,
            borderColor: "divider",
            flexShrink: 0,
          }}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- uploads and placeholders are served by our own routes, already sized */}
          <img
            src={course.thumbnail_url}
            alt={course.has_thumbnail ? `Thumbnail of ${course.title}` : `Generated placeholder for ${course.title}`}
            style={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
          {busy && (
            <Box
              sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", bgcolor: "rgba(0,0,0,0.3)" }}
            >
              <CircularProgress size={32} aria-label="Uploading" />
            </Box>
          )}
        </Box>
        <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
          <FilePickButton label="Upload thumbnail" accept={IMAGE_TYPES} onPick={upload} disabled={busy} />
          {course.has_thumbnail && (
            <Button
              color="error"
              disabled={busy}
              onClick={() =>
                void run(
                  () => apiDelete<CourseJson>(`/api/courses/${course.id}/thumbnail`),
                  "Could not remove the thumbnail",
                )
              }
            >
              Remove thumbnail
            </Button>
          )}
          <Typography variant="body2" color="text.secondary">
            JPEG, PNG, WebP or GIF, up to 5 MB; shown at 16:9.{" "}
            {course.has_thumbnail ? "" : "Without one, a placeholder is generated from the title."}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
