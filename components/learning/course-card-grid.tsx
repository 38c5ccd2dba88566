"use client";

import { CourseCard, type CourseCardData } from "@/components/learning/course-card";
import styles from "@/components/learning/course-card.module.css";

/**
 * Cards in a responsive list (a <ul>, so screen readers announce how many there are). A client component
 * given the cards as values: the page's inline data then carries each card's few values, where a server
 * component's cards came as element trees that the server wrote, read back and drew (docs/architecture.md,
 * "Lists drawn from values").
 */
export function CourseCardGrid({
  label,
  cards,
  headingLevel = "h3",
}: {
  label: string;
  cards: CourseCardData[];
  headingLevel?: "h2" | "h3";
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <CourseCard card={card} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
