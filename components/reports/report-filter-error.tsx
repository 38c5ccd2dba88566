import styles from "@/components/reports/report-parts.module.css";
import { Alert } from "@/components/ui/alert";

/** Filters in the address the server refused (a hand-edited date): the view shows without them. */
export function ReportFilterError({ message }: { message: string }) {
  return (
    <div className={styles.filterError}>
      <Alert severity="warning">{message}. Showing the report without these filters.</Alert>
    </div>
  );
}
