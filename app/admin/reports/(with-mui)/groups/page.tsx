import { GroupBreakdown } from "@/components/reports/breakdowns";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Groups · Reports · Learning Management" };

export default async function GroupReportPage() {
  await guardSignedInPage("/admin/reports/groups");
  return (
    <ReportFrame title="Per group" subtitle="Its members' enrollments">
      <GroupBreakdown />
    </ReportFrame>
  );
}
