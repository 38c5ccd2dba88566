import Typography from "@mui/material/Typography";
import { reportPageContext } from "@/app/admin/reports/report-page-context";
import { OrganizationBreakdown } from "@/components/reports/breakdowns";
import { OverviewView } from "@/components/reports/overview-view";
import { ReportFilterError } from "@/components/reports/report-filter-error";
import { readReportFilters } from "@/components/reports/report-query";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { reportOverviewQuerySchema } from "@/lib/schemas/reports";
import { reportOverview } from "@/lib/server/reports/overview";

export const metadata = { title: "Reports · Learning Management" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where admins and instructors land: the overview of their scope, computed here from the summaries. */
export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await guardSignedInPage("/admin/reports");
  const parsed = reportOverviewQuerySchema.safeParse(readReportFilters(await searchParams));
  // Filters the address got wrong (a hand-edited date) show the unfiltered overview and say why.
  const query = parsed.success ? parsed.data : reportOverviewQuerySchema.parse({});
  const [page, overview] = await Promise.all([reportPageContext(caller), loadOrNotFound(reportOverview(caller.ctx, query))]);
  const subtitle = { platform: "Every organization", organization: "Your organization", instructor: "The courses you teach" }[overview.scope.kind];
  const picked = page.isPlatform && query.organization_id ? page.organizations?.find((o) => o.id === query.organization_id)?.name : undefined;
  return (
    <ReportFrame title="Reports" subtitle={picked ?? subtitle} categories={page.categories} organizations={page.organizations}>
      {!parsed.success && <ReportFilterError message={parsed.error.issues[0]?.message ?? "These filters are not valid"} />}
      <OverviewView overview={overview} />
      {page.isPlatform && !query.organization_id && (
        <section aria-labelledby="organizations-title">
          <Typography id="organizations-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            Organizations
          </Typography>
          <OrganizationBreakdown />
        </section>
      )}
    </ReportFrame>
  );
}
