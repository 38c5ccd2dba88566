import { LearnerBreakdown } from "@/components/reports/breakdowns";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Learners · Reports · Learning Management" };

export default async function LearnerReportPage() {
  await guardSignedInPage("/admin/reports/learners");
  return (
    <ReportFrame title="Per learner" subtitle="Every course they are enrolled in">
      <LearnerBreakdown />
    </ReportFrame>
  );
}
