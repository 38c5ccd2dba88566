import { CourseNavigation } from "@/components/learning/course-navigation";
import { lessonResultText } from "@/components/learning/lesson-result";
import { LessonContent, needsManualCompletion } from "@/components/learning/lesson-content";
import styles from "@/components/learning/lesson-page.module.css";
import { LessonPager } from "@/components/learning/lesson-pager";
import { MarkCompleteButton } from "@/components/learning/mark-complete-button";
import { NavigationToggle } from "@/components/learning/navigation-toggle";
import { PreviewNotice } from "@/components/learning/preview-notice";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { pageOrigin } from "@/lib/auth/page-origin";
import { getLessonPage } from "@/lib/server/progress/lesson-page";
import type { OutlineModuleState } from "@/lib/server/progress/player";
import { loadScormLaunch } from "@/lib/server/scorm/launch";
import { loadCmi5Player } from "@/lib/server/cmi5/queries";
import { loadContentOrDeny } from "@/app/(app)/courses/content-guard";

export const metadata = { title: "Lesson · Learning Management" };

type Params = { courseId: string; moduleId: string; lessonId: string };

export default async function LessonPage({ params }: { params: Promise<Params> }) {
  const caller = await guardSignedInPage("/courses/[courseId]/modules/[moduleId]/lessons/[lessonId]");
  const { courseId, moduleId, lessonId } = await params;
  const player = await loadContentOrDeny(getLessonPage(caller.ctx, courseId, moduleId, lessonId));
  const { lesson, enrollment } = player;
  const completed = player.progress?.status === "completed";
  const part = partOf(player.modules, lesson.id);
  const scormLaunch =
    lesson.kind === "scorm" ? await loadScormLaunch(caller.ctx, courseId, lessonId, await pageOrigin()) : null;
  const cmi5Player =
    lesson.kind === "cmi5" ? await loadCmi5Player(caller.ctx, courseId, lessonId, await pageOrigin()) : null;
  return (
    <div className={styles.layout}>
      <div className={styles.navigation}>
        <CourseNavigation
          course={player.course}
          modules={player.modules}
          currentLessonId={lesson.id}
          progressPercent={enrollment?.progress_percent ?? null}
        />
      </div>
      <article className={styles.article}>
        <div>
          <div className={styles.overlineRow}>
            <span className={styles.overline}>{player.course.title}</span>
            <NavigationToggle />
          </div>
          <h1 className={styles.title}>{lesson.title}</h1>
        </div>
        {!enrollment && lesson.kind !== "scorm" && <PreviewNotice />}
        <LessonContent
          lesson={lesson}
          progress={player.progress}
          tracking={enrollment !== null}
          scormLaunch={scormLaunch}
          cmi5Player={cmi5Player}
        />
        {enrollment && needsManualCompletion(lesson) && (
          <MarkCompleteButton courseId={courseId} lessonId={lesson.id} completed={completed} />
        )}
        {enrollment && !needsManualCompletion(lesson) && completed && (
          <p className={styles.done}>
            You have completed this lesson.
            {player.progress && lessonResultText(player.progress) && ` ${lessonResultText(player.progress)}.`}
          </p>
        )}
        {enrollment && !completed && part !== null && (
          <p className={styles.secondary}>You are {part}% through this lesson.</p>
        )}
        <LessonPager courseId={courseId} previous={player.previous} next={player.next} />
      </article>
    </div>
  );
}

/** How far into this lesson its SCORM package says the learner is, or null. */
function partOf(modules: OutlineModuleState[], lessonId: string): number | null {
  return modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId)?.progress_percent ?? null;
}
