"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import styles from "@/components/reports/report-parts.module.css";
import { readReportFilters, reportHref } from "@/components/reports/report-query";
import { useTabScroll } from "@/components/reports/use-tab-scroll";
import { Icon } from "@/components/ui/icon";

export const REPORT_VIEWS = [
  { label: "Overview", href: "/admin/reports" },
  { label: "Courses", href: "/admin/reports/courses" },
  { label: "Groups", href: "/admin/reports/groups" },
  { label: "Learners", href: "/admin/reports/learners" },
  { label: "Certificates", href: "/admin/reports/certificates" },
] as const;

/**
 * The report views as navigation tabs (links drawn as MUI's scrollable tabs, with its scroll buttons when
 * they do not fit); the shared filters go along from one view to the next.
 */
export function ReportTabs({ views = REPORT_VIEWS }: { views?: readonly { label: string; href: string }[] }) {
  const pathname = usePathname();
  const filters = readReportFilters(useSearchParams());
  const { ref, overflows, canGoBack, canGoOn, update, by } = useTabScroll();
  // The deepest view whose path leads to this page (a course's breakdown sits under Courses).
  const current = [...views]
    .sort((a, b) => b.href.length - a.href.length)
    .find((v) => pathname === v.href || pathname.startsWith(`${v.href}/`));
  const scrollButton = (direction: -1 | 1) =>
    overflows && (
      <button
        type="button"
        className={styles.scrollButton}
        // A pointer's help only, as MUI's are: the keyboard reaches every tab by Tab.
        tabIndex={-1}
        aria-hidden
        disabled={direction < 0 ? !canGoBack : !canGoOn}
        onClick={() => by(direction)}
      >
        <Icon name={direction < 0 ? "chevronLeft" : "chevronRight"} size={20} />
      </button>
    );
  return (
    <nav aria-label="Report views" className={styles.tabBar}>
      {scrollButton(-1)}
      <div role="tablist" className={styles.tabs} ref={ref} onScroll={update}>
        {views.map((view) => {
          const selected = current?.href === view.href;
          return (
            <Link
              key={view.href}
              role="tab"
              aria-selected={selected}
              aria-current={selected ? "page" : undefined}
              className={styles.tab}
              href={reportHref(view.href, filters)}
            >
              {view.label}
            </Link>
          );
        })}
      </div>
      {scrollButton(1)}
    </nav>
  );
}
