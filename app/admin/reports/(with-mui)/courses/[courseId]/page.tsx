import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { LinkButton } from "@/components/navigation/link-components";
import { CourseLessonsView } from "@/components/reports/course-lessons-view";
import { ReportFilterError } from "@/components/reports/report-filter-error";
import { ReportFrame } from "@/components/reports/report-frame";
import { readReportFilters, reportHref } from "@/components/reports/report-query";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { courseLessonsReport } from "@/lib/server/reports/lessons";

export const metadata = { title: "Course · Reports · Learning Management" };

type Props = {
  params: Promise<{ courseId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** One course per lesson (the drill-down of a course row). Another organization's course is 'Page Not Found'. */
export default async function CourseLessonsReportPage({ params, searchParams }: Props) {
  const caller = await guardSignedInPage("/admin/reports/courses/[courseId]");
  const [{ courseId }, search] = await Promise.all([params, searchParams]);
  const filters = readReportFilters(search);
  const parsed = reportDetailQuerySchema.safeParse({ ...filters, course_id: undefined });
  const query = parsed.success ? parsed.data : {};
  const report = await loadOrNotFound(courseLessonsReport(caller.ctx, courseId, query));
  const back = (
    <LinkButton href={reportHref("/admin/reports/courses", filters, ["course_id"])} startIcon={<ArrowBackIcon />}>
      All courses
    </LinkButton>
  );
  return (
    <ReportFrame title={report.course.title} subtitle="Course report, per lesson" actions={back}>
      {!parsed.success && (
        <ReportFilterError message={parsed.error.issues[0]?.message ?? "These filters are not valid"} />
      )}
      <CourseLessonsView report={report} />
    </ReportFrame>
  );
}
