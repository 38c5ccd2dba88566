import { Icon } from "./icon";
import { paginationItems } from "./pagination-items";
import styles from "./controls.module.css";

/** MUI's Pagination (text, medium), drawn without runtime styles: previous, pages with gaps, next. */
export function PageRow({ page, count, onChange }: { page: number; count: number; onChange: (page: number) => void }) {
  return (
    <nav aria-label="pagination navigation" className={styles.pagination}>
      <ul className={styles.pageList}>
        <li>
          <button
            type="button"
            className={styles.pageItem}
            aria-label="Go to previous page"
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <Icon name="chevronLeft" size={20} className={styles.pageIcon} />
          </button>
        </li>
        {paginationItems(page, count)
          .filter((entry) => entry !== "previous" && entry !== "next")
          .map((entry) => (
            <li key={entry}>
              {typeof entry === "number" ? (
                <button
                  type="button"
                  className={styles.pageItem}
                  aria-label={entry === page ? `page ${entry}` : `Go to page ${entry}`}
                  aria-current={entry === page ? "page" : undefined}
                  onClick={() => entry !== page && onChange(entry)}
                >
                  {entry}
                </button>
              ) : (
                <div className={`${styles.pageItem} ${styles.pageEllipsis}`}>…</div>
              )}
            </li>
          ))}
        <li>
          <button
            type="button"
            className={styles.pageItem}
            aria-label="Go to next page"
            disabled={page >= count}
            onClick={() => onChange(page + 1)}
          >
            <Icon name="chevronRight" size={20} className={styles.pageIcon} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
