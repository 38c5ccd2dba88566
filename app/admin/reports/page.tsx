import { Suspense } from "react";
import { MuiProviders } from "@/components/providers/mui-providers";
import { LazyOrganizationBreakdown } from "@/components/reports/lazy-organization-breakdown";
import { OverviewView } from "@/components/reports/overview-view";
import { ReportFilterError } from "@/components/reports/report-filter-error";
import styles from "@/components/reports/report-parts.module.css";
import { readReportFilters } from "@/components/reports/report-query";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { reportOverviewQuerySchema } from "@/lib/schemas/reports";
import { getOrganization } from "@/lib/server/organizations/queries";
import { reportOverview } from "@/lib/server/reports/overview";

export const metadata = { title: "Reports · Learning Management" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where admins and instructors land: the overview of their scope, computed here from the summaries. */
export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await guardSignedInPage("/admin/reports");
  const parsed = reportOverviewQuerySchema.safeParse(readReportFilters(await searchParams));
  // Filters the address got wrong (a hand-edited date) show the unfiltered overview and say why.
  const query = parsed.success ? parsed.data : reportOverviewQuerySchema.parse({});
  const overview = await loadOrNotFound(reportOverview(caller.ctx, query));
  // The superadmin on the apex who picked one organization reads whose figures these are.
  const picked =
    caller.ctx.organizationId === null && overview.scope.organization_id
      ? await getOrganization(caller.ctx, overview.scope.organization_id)
      : null;
  return (
    <>
      {!parsed.success && (
        <ReportFilterError message={parsed.error.issues[0]?.message ?? "These filters are not valid"} />
      )}
      {picked && <h2 className={styles.heading}>{picked.name}</h2>}
      <OverviewView overview={overview} />
      {overview.scope.kind === "platform" && (
        <section aria-labelledby="organizations-title">
          <h2 id="organizations-title" className={styles.heading}>
            Organizations
          </h2>
          {/* The organizations' Data Grid draws with MUI: its providers only where it shows. */}
          <MuiProviders>
            <Suspense>
              <LazyOrganizationBreakdown />
            </Suspense>
          </MuiProviders>
        </section>
      )}
    </>
  );
}
