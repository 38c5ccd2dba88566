import styles from "@/components/reports/reports-loading.module.css";
import { VisuallyHidden } from "@/components/ui/visually-hidden";

/** The report pages while the server works out their figures: the page's shape, greyed. */
export function ReportsLoading() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Loading the reports…</VisuallyHidden>
      <div className={styles.figures}>
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className={`${styles.bone} ${styles.figure}`} />
        ))}
      </div>
      <div className={styles.charts}>
        <span className={`${styles.bone} ${styles.chart}`} />
        <span className={`${styles.bone} ${styles.chart}`} />
      </div>
    </div>
  );
}
