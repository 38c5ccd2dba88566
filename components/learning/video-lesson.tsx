"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { isApiError } from "@/lib/client/api";
import { fetchCourseData, lessonProgressPath } from "@/components/learning/course-api";
import styles from "@/components/learning/lesson-page.module.css";
import { Alert } from "@/components/ui/alert";

/** How often the position is saved while playing; pausing and the end always save. */
const POSITION_REPORT_MS = 10_000;

export interface VideoLessonProps {
  courseId: string;
  lessonId: string;
  src: string;
  title: string;
  /** Where the learner stopped last time (seconds); ignored once the lesson is completed. */
  resumeAt: number | null;
  completed: boolean;
  /** Editors previewing without an enrollment watch without reporting. */
  tracking: boolean;
}

/** A video the page can follow: the position is reported (throttled) and the end completes the lesson. */
export function VideoLesson({ courseId, lessonId, src, title, resumeAt, completed, tracking }: VideoLessonProps) {
  const router = useRouter();
  const lastReport = useRef(0);
  const done = useRef(completed);
  const [error, setError] = useState<string | null>(null);

  async function report(video: HTMLVideoElement, extra: { completed?: boolean } = {}) {
    if (!tracking) return;
    lastReport.current = Date.now();
    const duration = Number.isFinite(video.duration) ? Math.round(video.duration) : undefined;
    try {
      const result = await fetchCourseData<{ lesson: { status: string } }>(
        courseId,
        lessonProgressPath(courseId, lessonId),
        {
          method: "PUT",
          body: { position_seconds: Math.floor(video.currentTime), duration_seconds: duration, ...extra },
        },
      );
      setError(null);
      // The sidebar check and the course percentage come from the server: re-render once it completes.
      if (result.lesson.status === "completed" && !done.current) {
        done.current = true;
        router.refresh();
      }
    } catch (e) {
      setError(isApiError(e) ? e.message : "Your progress could not be saved.");
    }
  }

  return (
    <div>
      <video
        className={styles.video}
        controls
        preload="metadata"
        src={src}
        aria-label={title}
        onLoadedMetadata={(e) => {
          const video = e.currentTarget;
          if (!done.current && resumeAt && resumeAt < video.duration - 2) video.currentTime = resumeAt;
        }}
        onTimeUpdate={(e) => {
          if (Date.now() - lastReport.current >= POSITION_REPORT_MS) void report(e.currentTarget);
        }}
        onPause={(e) => {
          if (!e.currentTarget.ended) void report(e.currentTarget);
        }}
        onEnded={(e) => void report(e.currentTarget, { completed: true })}
      />
      {error && (
        <div className={styles.videoError}>
          <Alert severity="error">{error}</Alert>
        </div>
      )}
    </div>
  );
}
