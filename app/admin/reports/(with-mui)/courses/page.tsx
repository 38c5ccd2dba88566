import { CourseBreakdown } from "@/components/reports/breakdowns";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Courses · Reports · Learning Management" };

export default async function CourseReportPage() {
  await guardSignedInPage("/admin/reports/courses");
  return (
    <ReportFrame title="Per course" subtitle="Enrollments, progress, scores and time">
      <CourseBreakdown />
    </ReportFrame>
  );
}
