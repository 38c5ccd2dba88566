import { reportPageContext } from "@/app/admin/reports/report-page-context";
import { GroupBreakdown } from "@/components/reports/breakdowns";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Groups · Reports · Learning Management" };

export default async function GroupReportPage() {
  const caller = await guardSignedInPage("/admin/reports/groups");
  const { categories, organizations } = await reportPageContext(caller);
  return (
    <ReportFrame title="Reports" subtitle="Per group: its members' enrollments" categories={categories} organizations={organizations}>
      <GroupBreakdown />
    </ReportFrame>
  );
}
