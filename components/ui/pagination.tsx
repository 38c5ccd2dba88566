import Link from "@/components/navigation/link";
import type { ReactNode } from "react";
import { Icon } from "./icon";
import { paginationItems, type PaginationItem } from "./pagination-items";
import styles from "./pagination.module.css";

/** Pages as links (`hrefFor`: each page a server-rendered address) or as buttons (`onChange`). */
type PageTargets =
  { hrefFor: (page: number) => string; onChange?: never } | { onChange: (page: number) => void; hrefFor?: never };

export type PaginationProps = { page: number; count: number; className?: string } & PageTargets;

/**
 * MUI's Pagination (text items, medium, round) drawn without runtime styles: the same items, labels and
 * `aria-current` as MUI's.
 */
export function Pagination(props: PaginationProps) {
  const { page, count, className } = props;
  const targets: PageTargets = props.onChange ? { onChange: props.onChange } : { hrefFor: props.hrefFor };
  return (
    <nav
      aria-label="pagination navigation"
      className={className ? `${styles.pagination} ${className}` : styles.pagination}
    >
      <ul className={styles.list}>
        {paginationItems(page, count).map((item) => (
          <li key={item}>
            <PageItem item={item} page={page} count={count} targets={targets} />
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
  targets,
}: {
  item: PaginationItem;
  page: number;
  count: number;
  targets: PageTargets;
}) {
  if (item === "start-ellipsis" || item === "end-ellipsis") return <div className={styles.ellipsis}>…</div>;
  if (typeof item === "number") {
    const isCurrent = item === page;
    const label = isCurrent ? `page ${item}` : `Go to page ${item}`;
    return (
      <PageTarget to={item} label={label} current={isCurrent} targets={targets}>
        {item}
      </PageTarget>
    );
  }
  const target = item === "previous" ? page - 1 : page + 1;
  return (
    <PageTarget to={target} label={`Go to ${item} page`} disabled={target < 1 || target > count} targets={targets}>
      <Icon name={item === "previous" ? "chevronLeft" : "chevronRight"} size={20} className={styles.arrow} />
    </PageTarget>
  );
}

/** One page's link or button; an arrow with nowhere to go stays in its place, dimmed, as MUI's. */
function PageTarget({
  to,
  label,
  current = false,
  disabled = false,
  targets,
  children,
}: {
  to: number;
  label: string;
  current?: boolean;
  disabled?: boolean;
  targets: PageTargets;
  children: ReactNode;
}) {
  const ariaCurrent = current ? "page" : undefined;
  const { onChange } = targets;
  if (onChange)
    return (
      <button
        type="button"
        className={styles.item}
        aria-label={label}
        aria-current={ariaCurrent}
        disabled={disabled}
        onClick={() => !current && onChange(to)}
      >
        {children}
      </button>
    );
  // A link has no disabled state: the arrow is a plain element, marked disabled for assistive technology.
  if (disabled)
    return (
      <span className={`${styles.item} ${styles.disabled}`} aria-label={label} aria-disabled>
        {children}
      </span>
    );
  return (
    <Link href={targets.hrefFor(to)} className={styles.item} aria-label={label} aria-current={ariaCurrent}>
      {children}
    </Link>
  );
}
