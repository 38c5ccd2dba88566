import styles from "@/components/learning/lesson-page.module.css";
import { RichText } from "@/components/learning/rich-text";
import { VideoLesson } from "@/components/learning/video-lesson";
import { videoSource } from "@/components/learning/video-source";
import { headers } from "next/headers";
import { QuizLessonLoader } from "@/components/quizzes/quiz-lesson-loader";
import { ScormLesson } from "@/components/scorm/scorm-lesson";
import { Alert } from "@/components/ui/alert";
import { buttonClasses, ButtonLabel } from "@/components/ui/button";
import { formatBytes } from "@/lib/format-bytes";
import type { ScormLaunch } from "@/lib/scorm/types";
import { Cmi5Player } from "@/components/cmi5/cmi5-player";
import type { Cmi5PlayerData } from "@/lib/server/cmi5/queries";
import type { LessonJson } from "@/lib/server/courses/json";
import type { LessonProgressJson } from "@/lib/server/progress/json";

export interface LessonContentProps {
  lesson: LessonJson;
  progress: LessonProgressJson | null;
  tracking: boolean;
  /** For scorm lessons: what loadScormLaunch returned (null when no package has been uploaded yet). */
  scormLaunch?: ScormLaunch | null;
  /** For cmi5 lessons: the AUs to launch (null when no course has been imported yet). */
  cmi5Player?: Cmi5PlayerData | null;
}

/** The lesson itself, by kind: a player, a download, the SCORM player, the quiz, and its text. */
export function LessonContent({
  lesson,
  progress,
  tracking,
  scormLaunch = null,
  cmi5Player = null,
}: LessonContentProps) {
  return (
    <div className={styles.content}>
      {lesson.kind === "video" && <VideoBlock lesson={lesson} progress={progress} tracking={tracking} />}
      {lesson.kind === "file" && <FileBlock lesson={lesson} />}
      {lesson.kind === "scorm" && <ScormBlock launch={scormLaunch} />}
      {lesson.kind === "cmi5" &&
        (cmi5Player ? (
          <Cmi5Player {...cmi5Player} />
        ) : (
          <Alert severity="info">This lesson&apos;s cmi5 course has not been imported yet.</Alert>
        ))}
      {lesson.kind === "quiz" && <QuizBlock courseId={lesson.course_id} lessonId={lesson.id} />}
      <RichText html={lesson.body} />
    </div>
  );
}

/** The player is the one part of a lesson page drawn with MUI; its styles carry the page's CSP nonce. */
async function ScormBlock({ launch }: { launch: ScormLaunch | null }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <ScormLesson launch={launch} nonce={nonce} />;
}

/** The quiz player draws with MUI too, its styles with the page's CSP nonce. */
async function QuizBlock({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <QuizLessonLoader courseId={courseId} lessonId={lessonId} nonce={nonce} />;
}

/** Text and file lessons are completed by hand, and so are videos the page cannot follow (frames, links). */
export function needsManualCompletion(lesson: LessonJson): boolean {
  if (lesson.kind === "text" || lesson.kind === "file") return true;
  if (lesson.kind === "cmi5") return false;
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
        <div className={styles.embed}>
          <iframe src={source.src} title={lesson.title} allow="fullscreen; picture-in-picture" />
        </div>
      );
    case "link":
      return (
        <a
          href={source.src}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses("outlined", "medium", false, styles.alignStart)}
        >
          Watch the video
        </a>
      );
    default:
      return <Alert severity="warning">This video&apos;s address cannot be played.</Alert>;
  }
}

function FileBlock({ lesson }: { lesson: LessonJson }) {
  if (!lesson.media_url) return <Alert severity="info">The file has not been uploaded yet.</Alert>;
  const size = lesson.file_size === null ? null : formatBytes(lesson.file_size);
  return (
    <div className={styles.file}>
      <a href={lesson.media_url} download={lesson.file_name ?? true} className={buttonClasses("contained", "medium")}>
        <ButtonLabel icon="download" size="medium">
          Download
        </ButtonLabel>
      </a>
      <p className={styles.secondary}>{[lesson.file_name, size].filter(Boolean).join(" · ")}</p>
    </div>
  );
}
