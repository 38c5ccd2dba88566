"use client";

import { usePathname, useSearchParams } from "next/navigation";
import styles from "@/components/reports/report-parts.module.css";
import { readReportFilters, reportHref } from "@/components/reports/report-query";
import { LinkTabs } from "@/components/ui/link-tabs";

export const REPORT_VIEWS = [
  { label: "Overview", href: "/admin/reports" },
  { label: "Courses", href: "/admin/reports/courses" },
  { label: "Groups", href: "/admin/reports/groups" },
  { label: "Learners", href: "/admin/reports/learners" },
  { label: "Certificates", href: "/admin/reports/certificates" },
] as const;

/** The report views as navigation tabs; the shared filters go along from one view to the next. */
export function ReportTabs({ views = REPORT_VIEWS }: { views?: readonly { label: string; href: string }[] }) {
  const pathname = usePathname();
  const filters = readReportFilters(useSearchParams());
  // The deepest view whose path leads to this page (a course's breakdown sits under Courses).
  const current = [...views]
    .sort((a, b) => b.href.length - a.href.length)
    .find((v) => pathname === v.href || pathname.startsWith(`${v.href}/`));
  const tabs = views.map((view) => ({ label: view.label, href: reportHref(view.href, filters) }));
  return (
    <div className={styles.tabs}>
      <LinkTabs label="Report views" tabs={tabs} current={current ? reportHref(current.href, filters) : undefined} />
    </div>
  );
}
