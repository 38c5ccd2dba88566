import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { RichText } from "@/components/learning/rich-text";
import { VideoLesson } from "@/components/learning/video-lesson";
import { videoSource } from "@/components/learning/video-source";
import { ScormPlayer } from "@/components/scorm/scorm-player";
import { formatBytes } from "@/lib/format-bytes";
import type { ScormLaunch } from "@/lib/scorm/types";
import type { LessonJson } from "@/lib/server/courses/json";
import type { LessonProgressJson } from "@/lib/server/progress/json";

export interface LessonContentProps {
  lesson: LessonJson;
  progress: LessonProgressJson | null;
  tracking: boolean;
  /** For scorm lessons: what loadScormLaunch returned (null when no package has been uploaded yet). */
  scormLaunch?: ScormLaunch | null;
}

/** The lesson itself, by kind: a player, a download, the SCORM player, and its text. */
export function LessonContent({ lesson, progress, tracking, scormLaunch = null }: LessonContentProps) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      {lesson.kind === "video" && <VideoBlock lesson={lesson} progress={progress} tracking={tracking} />}
      {lesson.kind === "file" && <FileBlock lesson={lesson} />}
      {lesson.kind === "scorm" && <ScormPlayer launch={scormLaunch} />}
      <RichText html={lesson.body} />
    </Box>
  );
}

/** Text and file lessons are completed by hand, and so are videos the page cannot follow (frames, links). */
export function needsManualCompletion(lesson: LessonJson): boolean {
  if (lesson.kind === "text" || lesson.kind === "file") return true;
  return lesson.kind === "video" && (!lesson.media_url || videoSource(lesson.media_url).kind !== "file");
}

function VideoBlock({ lesson, progress, tracking }: LessonContentProps) {
  if (!lesson.media_url) return <Alert severity="info">This video has not been added yet.</Alert>;
  const source = videoSource(lesson.media_url);
  switch (source.kind) {
    case "file":
      return (
        <VideoLesson
          courseId={lesson.course_id}
          lessonId={lesson.id}
          src={source.src}
          title={lesson.title}
          resumeAt={progress?.position_seconds ?? null}
          completed={progress?.status === "completed"}
          tracking={tracking}
        />
      );
    case "embed":
      return (
        <Box sx={{ position: "relative", pt: "56.25%" }}>
          <Box
            component="iframe"
            src={source.src}
            title={lesson.title}
            allow="fullscreen; picture-in-picture"
            sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0, borderRadius: 1 }}
          />
        </Box>
      );
    case "link":
      return (
        <Button
          href={source.src}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          sx={{ alignSelf: "flex-start" }}
        >
          Watch the video
        </Button>
      );
    default:
      return <Alert severity="warning">This video&apos;s address cannot be played.</Alert>;
  }
}

function FileBlock({ lesson }: { lesson: LessonJson }) {
  if (!lesson.media_url) return <Alert severity="info">The file has not been uploaded yet.</Alert>;
  const size = lesson.file_size === null ? null : formatBytes(lesson.file_size);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
      <Button
        href={lesson.media_url}
        download={lesson.file_name ?? true}
        variant="contained"
        startIcon={<DownloadIcon />}
      >
        Download
      </Button>
      <Typography sx={{ color: "text.secondary" }}>{[lesson.file_name, size].filter(Boolean).join(" · ")}</Typography>
    </Box>
  );
}
