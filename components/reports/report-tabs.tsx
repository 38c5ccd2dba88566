"use client";

import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { readReportFilters, reportHref } from "@/components/reports/report-query";

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
  return (
    <Tabs
      component="nav"
      aria-label="Report views"
      value={current?.href ?? false}
      sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {views.map((view) => (
        <Tab
          key={view.href}
          value={view.href}
          label={view.label}
          component={Link}
          href={reportHref(view.href, filters)}
          aria-current={current?.href === view.href ? "page" : undefined}
        />
      ))}
    </Tabs>
  );
}
