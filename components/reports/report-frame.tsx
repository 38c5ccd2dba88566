import { Suspense, type ReactNode } from "react";
import { ReportFilters } from "@/components/reports/report-filters";
import type { ReportFilterKey } from "@/components/reports/report-query";
import { ReportTabs } from "@/components/reports/report-tabs";
import { PageHeader } from "@/components/shell/page-header";

export interface ReportFrameProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  categories: { id: string; name: string }[];
  organizations: { id: string; name: string }[] | null;
  /** Filters this view does not offer. */
  hide?: readonly ReportFilterKey[];
  children: ReactNode;
}

/** Every report page: its heading, the views' tabs, the shared filters, then the view itself. */
export function ReportFrame({ title, subtitle, actions, categories, organizations, hide, children }: ReportFrameProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Suspense>
        <ReportTabs />
        <ReportFilters categories={categories} organizations={organizations} hide={hide} />
        {children}
      </Suspense>
    </>
  );
}
