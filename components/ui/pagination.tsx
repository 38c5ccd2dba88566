import Link from "next/link";
import { Icon } from "./icon";
import { paginationItems } from "./pagination-items";
import styles from "./pagination.module.css";

export interface LinkPaginationProps {
  page: number;
  count: number;
  /** The address of a page (1-based). */
  hrefFor: (page: number) => string;
  className?: string;
}

/**
 * MUI's Pagination whose pages are links, drawn without runtime styles: the same items, labels and
 * `aria-current` as MUI's, so a list's pages are server-rendered addresses of their own.
 */
export function LinkPagination({ page, count, hrefFor, className }: LinkPaginationProps) {
  return (
    <nav aria-label="pagination navigation" className={className}>
      <ul className={styles.list}>
        {paginationItems(page, count).map((item) => (
          <li key={item}>
            <PageItem item={item} page={page} count={count} hrefFor={hrefFor} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PageItem({
  item,
  page,
  count,
  hrefFor,
}: {
  item: ReturnType<typeof paginationItems>[number];
  page: number;
  count: number;
  hrefFor: (page: number) => string;
}) {
  if (item === "start-ellipsis" || item === "end-ellipsis") return <div className={styles.ellipsis}>…</div>;
  if (typeof item === "number") {
    const current = item === page;
    return (
      <Link
        href={hrefFor(item)}
        className={current ? `${styles.item} ${styles.selected}` : styles.item}
        aria-current={current ? "page" : undefined}
        aria-label={current ? `page ${item}` : `Go to page ${item}`}
      >
        {item}
      </Link>
    );
  }
  const target = item === "previous" ? page - 1 : page + 1;
  const icon = <Icon name={item === "previous" ? "navigateBefore" : "navigateNext"} className={styles.arrow} />;
  const label = `Go to ${item} page`;
  // As MUI's: an arrow with nowhere to go stays in its place, dimmed, and is no link.
  if (target < 1 || target > count)
    return (
      <span className={`${styles.item} ${styles.disabled}`} aria-label={label} aria-disabled>
        {icon}
      </span>
    );
  return (
    <Link href={hrefFor(target)} className={styles.item} aria-label={label}>
      {icon}
    </Link>
  );
}
