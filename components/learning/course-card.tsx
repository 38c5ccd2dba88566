import Link from "@/components/navigation/link";
import styles from "@/components/learning/course-card.module.css";
import { coursePath } from "@/components/learning/paths";
import { ProgressSummary, type ProgressSummaryProps } from "@/components/learning/progress-summary";
import type { CourseSummaryJson } from "@/components/courses/types";

/** What a card shows, as plain values: the cards are drawn by a client component from these. */
export interface CourseCardData {
  id: string;
  href: string;
  title: string;
  thumbnailUrl: string;
  category?: { name: string } | null;
  lessonCount?: number;
  /** The learner's progress under the title. */
  progress?: Omit<ProgressSummaryProps, "label">;
}

/** A course's card, without progress: the catalog's, and the dashboard's before it adds the learner's. */
export function courseCardData(course: CourseSummaryJson): CourseCardData {
  return {
    id: course.id,
    href: coursePath(course.id),
    title: course.title,
    thumbnailUrl: course.thumbnail_url,
    category: course.category && { name: course.category.name },
    lessonCount: course.lesson_count,
  };
}

/** A course as a card: thumbnail, title (the link's name), category, lesson count and any progress. */
export function CourseCard({ card, headingLevel: Heading }: { card: CourseCardData; headingLevel: "h2" | "h3" }) {
  const { lessonCount } = card;
  const facts = [
    card.category?.name,
    lessonCount === undefined ? undefined : `${lessonCount} ${lessonCount === 1 ? "lesson" : "lessons"}`,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Link href={card.href} className={styles.card}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a thumbnail of ours, already sized; next/image would re-encode it per request */}
      <img src={card.thumbnailUrl} alt="" className={styles.media} />
      <div className={styles.content}>
        <Heading className={styles.title}>{card.title}</Heading>
        {facts && <p className={styles.facts}>{facts}</p>}
        {card.progress && <ProgressSummary {...card.progress} label={card.title} />}
      </div>
    </Link>
  );
}
