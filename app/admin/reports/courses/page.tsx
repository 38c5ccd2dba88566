import { reportPageContext } from "@/app/admin/reports/report-page-context";
import { CourseBreakdown } from "@/components/reports/breakdowns";
import { ReportFrame } from "@/components/reports/report-frame";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Courses · Reports · Learning Management" };

export default async function CourseReportPage() {
  const caller = await guardSignedInPage("/admin/reports/courses");
  const { categories, organizations } = await reportPageContext(caller);
  return (
    <ReportFrame title="Reports" subtitle="Per course: enrollments, progress, scores and time" categories={categories} organizations={organizations}>
      <CourseBreakdown />
    </ReportFrame>
  );
}
