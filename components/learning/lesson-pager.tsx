import Link from "@/components/navigation/link";
import styles from "@/components/learning/lesson-page.module.css";
import { lessonPath } from "@/components/learning/paths";
import { buttonClasses, ButtonLabel } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { LessonLink } from "@/lib/server/progress/player";

/** "Previous lesson" / "Next lesson" across module boundaries, in outline order. */
export function LessonPager({
  courseId,
  previous,
  next,
}: {
  courseId: string;
  previous: LessonLink | null;
  next: LessonLink | null;
}) {
  return (
    <nav aria-label="Lessons of this course" className={styles.pager}>
      <div>
        {previous && (
          <Link
            href={lessonPath(courseId, previous.module_id, previous.lesson_id)}
            title={previous.title}
            className={buttonClasses("text", "medium")}
          >
            <ButtonLabel icon="arrowBack" size="medium">
              Previous lesson
            </ButtonLabel>
          </Link>
        )}
      </div>
      <div>
        {next && (
          <Link
            href={lessonPath(courseId, next.module_id, next.lesson_id)}
            title={next.title}
            className={buttonClasses("outlined", "medium")}
          >
            Next lesson
            <span className={styles.endIcon}>
              <Icon name="arrowForward" size={20} />
            </span>
          </Link>
        )}
      </div>
    </nav>
  );
}
