"use client";

import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Controller, type Control } from "react-hook-form";
import type { z } from "zod";
import { FilePickButton } from "@/components/forms/file-pick-button";
import { Cmi5Upload } from "@/components/courses/cmi5-upload";
import { ScormUpload } from "@/components/courses/scorm-upload";
import type { LessonJson } from "@/components/courses/types";
import { FormRichTextEditor } from "@/components/forms/rich-text-editor";
import { formatBytes } from "@/lib/format-bytes";
import type { createLessonSchema, LessonKind } from "@/lib/schemas/outline";

export type LessonFormInput = z.input<typeof createLessonSchema>;

const VIDEO_TYPES = "video/mp4,video/webm,video/ogg,video/quicktime";

interface Props {
  courseId: string;
  kind: LessonKind;
  control: Control<LessonFormInput>;
  lesson: LessonJson | null;
  file: File | null;
  onFile: (file: File) => void;
}

/** The editor slot of each lesson kind: rich content, a video URL or upload, a file upload, SCORM. */
export function LessonKindFields({ courseId, kind, control, lesson, file, onFile }: Props) {
  const current = lesson?.has_upload
    ? `Current file: ${lesson.file_name ?? "uploaded"} (${lesson.file_size === null ? "size unknown" : formatBytes(lesson.file_size)})`
    : null;
  const picked = file ? `Selected: ${file.name} (${formatBytes(file.size)}), uploaded when you save` : null;
  return (
    <>
      {kind === "video" && (
        <>
          <Controller
            control={control}
            name="media_url"
            render={({ field, fieldState }) => (
              <TextField
                label="Video URL"
                fullWidth
                margin="normal"
                value={field.value ?? ""}
                onChange={(e) => field.onChange(e.target.value.trim() === "" ? null : e.target.value)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ?? "A link to an MP4/WebM file or a video page, or upload a file instead"
                }
              />
            )}
          />
          <UploadRow label="Upload video file" accept={VIDEO_TYPES} onFile={onFile} status={picked ?? current} />
        </>
      )}
      {kind === "file" && <UploadRow label="Upload file" onFile={onFile} status={picked ?? current ?? "No file yet"} />}
      {kind === "scorm" && <ScormUpload key={lesson?.id ?? "new"} courseId={courseId} lesson={lesson} />}
      {kind === "cmi5" && <Cmi5Upload key={lesson?.id ?? "new"} courseId={courseId} lesson={lesson} />}
      {kind === "quiz" && (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {lesson
            ? "The quiz's questions and rules are set on its own page: Quiz settings, in the outline."
            : "Create the lesson, then set the quiz's questions and rules under Quiz settings in the outline."}
        </Typography>
      )}
      <FormRichTextEditor
        control={control}
        name="body"
        label={kind === "text" ? "Content" : "Introduction (optional)"}
        minHeight={kind === "text" ? 200 : 80}
        images
      />
    </>
  );
}

function UploadRow({
  label,
  accept,
  onFile,
  status,
}: {
  label: string;
  accept?: string;
  onFile: (file: File) => void;
  status: string | null;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", my: 1 }}>
      <FilePickButton label={label} accept={accept} onPick={onFile} />
      {status && (
        <Typography variant="body2" color="text.secondary" role="status">
          {status}
        </Typography>
      )}
    </Stack>
  );
}
