import { reportPageContext } from "@/app/admin/reports/report-page-context";
import { LearnerBreakdown } from "@/components/reports/breakdowns";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Learners · Reports · Learning Management" };

export default async function LearnerReportPage() {
  const caller = await guardSignedInPage("/admin/reports/learners");
  const { categories, organizations } = await reportPageContext(caller);
  return (
    <ReportFrame title="Reports" subtitle="Per learner: every course they are enrolled in" categories={categories} organizations={organizations}>
      <LearnerBreakdown />
    </ReportFrame>
  );
}
