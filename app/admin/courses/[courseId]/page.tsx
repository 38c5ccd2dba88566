import { CourseCertificateForm } from "@/components/certificates/course-certificate-form";
import { CourseEditor } from "@/components/courses/course-editor";
import { EDITOR_TABS, type EditorTab } from "@/components/courses/labels";
import { CourseNotice } from "@/components/courses/course-notice";
import { PageHeader } from "@/components/shell/page-header";
import { LinkButton } from "@/components/navigation/link-components";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listCategories } from "@/lib/server/categories/queries";
import { getCourseCertificate } from "@/lib/server/certificates/course-certificate";
import { listCertificateTemplates } from "@/lib/server/certificates/templates";
import { getCourse, getOutline } from "@/lib/server/courses/queries";
import { listGradingQueue } from "@/lib/server/quizzes/grading";
import { can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Edit course · Learning Management" };

type Props = { params: Promise<{ courseId: string }>; searchParams: Promise<{ tab?: string }> };

export default async function EditCoursePage({ params, searchParams }: Props) {
  const caller = await guardSignedInPage("/admin/courses/[courseId]");
  const [{ courseId }, { tab }] = await Promise.all([params, searchParams]);
  const course = await loadOrNotFound(getCourse(caller.ctx, courseId));
  if (!course.can_edit) {
    return <CourseNotice title={course.title} />;
  }
  const [outline, categories, certificate, templates, grading] = await Promise.all([
    getOutline(caller.ctx, courseId),
    listCategories(caller.ctx),
    getCourseCertificate(caller.ctx, courseId),
    listCertificateTemplates(caller.ctx),
    listGradingQueue(caller.ctx, courseId),
  ]);
  const initialTab: EditorTab = EDITOR_TABS.find((t) => t === tab) ?? "details";
  return (
    <>
      <PageHeader
        title={course.title}
        subtitle="Edit the course's details, outline and enrollments"
        actions={
          <>
            <LinkButton href={`/admin/courses/${course.id}/grading`} variant="outlined">
              {`Grading queue (${grading.items.length})`}
            </LinkButton>
            <LinkButton href={`/courses/${course.id}`} variant="outlined">
              View course
            </LinkButton>
          </>
        }
      />
      <CourseEditor
        course={course}
        outline={outline}
        categories={categories}
        canChooseInstructors={can(caller.ctx.role, "courses:update:any")}
        initialTab={initialTab}
      />
      <CourseCertificateForm courseId={course.id} settings={certificate} templates={templates} />
    </>
  );
}
