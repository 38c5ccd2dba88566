import type { ReactNode } from "react";
import { reportPageContext } from "@/app/admin/reports/report-page-context";
import { ReportFilters } from "@/components/reports/report-filters";
import { ReportTabs } from "@/components/reports/report-tabs";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { can } from "@/lib/tenancy/permissions";

/**
 * Every report view under one heading, tabs and filter bar. They live in the layout so that a change of
 * filter, page or view (a new address) re-renders only the view below, never the bar being used. The bar
 * draws without MUI; the views whose grids draw with it have its providers from their own layout
 * ((with-mui)), so the overview loads no MUI and no emotion.
 */
export default async function ReportsLayout({ children }: { children: ReactNode }) {
  const caller = await guardSignedInPage("/admin/reports");
  const { isPlatform, categories } = await reportPageContext(caller);
  const subtitle = isPlatform
    ? "Every organization"
    : can(caller.ctx.role, "reports:read:any")
      ? "Your organization"
      : "The courses you teach";
  return (
    <>
      <PageHeader title="Reports" subtitle={subtitle} />
      {/* No Suspense boundary: the page is dynamic, so the address's filters are known while it renders, and a
          boundary here let the bar stream in after the figures, shown a moment later. */}
      <ReportTabs />
      <ReportFilters categories={categories} platform={isPlatform} />
      {children}
    </>
  );
}
