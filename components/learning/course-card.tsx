import Link from "@/components/navigation/link";
import { Children, type ReactNode } from "react";
import styles from "@/components/learning/course-card.module.css";

export interface CourseCardProps {
  href: string;
  title: string;
  thumbnailUrl: string;
  category?: { name: string } | null;
  lessonCount?: number;
  /** Extra content under the title, e.g. a progress bar. */
  children?: ReactNode;
  headingLevel?: "h2" | "h3";
}

/** A course as a card: thumbnail, title (the link's name), category and lesson count. */
export function CourseCard({
  href,
  title,
  thumbnailUrl,
  category,
  lessonCount,
  children,
  headingLevel: Heading = "h3",
}: CourseCardProps) {
  const facts = [
    category?.name,
    lessonCount === undefined ? undefined : `${lessonCount} ${lessonCount === 1 ? "lesson" : "lessons"}`,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Link href={href} className={styles.card}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a thumbnail of ours, already sized; next/image would re-encode it per request */}
      <img src={thumbnailUrl} alt="" className={styles.media} />
      <div className={styles.content}>
        <Heading className={styles.title}>{title}</Heading>
        {facts && <p className={styles.facts}>{facts}</p>}
        {children}
      </div>
    </Link>
  );
}

/** Cards in a responsive list (a <ul>, so screen readers announce how many there are). Children need keys. */
export function CourseGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {Children.map(children, (child) => (
        <li>{child}</li>
      ))}
    </ul>
  );
}
