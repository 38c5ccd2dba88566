import { longDay } from "@/lib/format-dates";
import styles from "@/components/learning/progress-summary.module.css";

export interface ProgressSummaryProps {
  percent: number;
  /** Names the bar for assistive technology, e.g. the course title. */
  label: string;
  completedAt?: string | null;
  /** The mean score of the course's scored (SCORM) lessons, when there is one. */
  scorePercent?: number | null;
}

/** "N% complete" with its bar; the wording is fixed by the UI contract (tests and other slices read it). */
export function ProgressSummary({ percent, label, completedAt, scorePercent }: ProgressSummaryProps) {
  const value = Math.min(100, Math.max(0, percent));
  // One string, so the page carries one text node (React marks the seams between several in its HTML).
  const text = [
    `${percent}% complete`,
    completedAt ? `Completed on ${longDay(completedAt)}` : null,
    scorePercent != null ? `Score ${scorePercent}%` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <div className={styles.summary}>
      <span
        className={styles.track}
        role="progressbar"
        aria-label={`Progress in ${label}`}
        aria-valuenow={Math.round(value)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span className={styles.bar} style={{ transform: `translateX(${value - 100}%)` }} />
      </span>
      <p className={styles.text}>{text}</p>
    </div>
  );
}
