import { CourseOutline } from "@/components/learning/course-outline";
import styles from "@/components/learning/course-page.module.css";
import { EnrollmentPanel } from "@/components/learning/enrollment-panel";
import { RichText } from "@/components/learning/rich-text";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { ButtonLink } from "@/components/ui/button-link";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { getCoursePage } from "@/lib/server/progress/course-page";

export const metadata = { title: "Course · Learning Management" };

export default async function CoursePage({ params }: { params: Promise<{ courseId: string }> }) {
  const caller = await guardSignedInPage("/courses/[courseId]");
  const { courseId } = await params;
  const { course, state } = await loadOrNotFound(getCoursePage(caller.ctx, courseId));
  const instructors = course.instructors.map((i) => `${i.first_name} ${i.last_name}`).join(", ");
  const editLink = course.can_edit && (
    <ButtonLink href={`/admin/courses/${course.id}`} variant="outlined" icon="edit">
      Edit course
    </ButtonLink>
  );
  return (
    <>
      <PageHeader
        title={course.title}
        subtitle={[course.category?.name, instructors && `Taught by ${instructors}`].filter(Boolean).join(" · ")}
        actions={editLink}
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          {/* The page's largest picture, first on the screen: fetched before the scripts, so it paints before hydration. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- the thumbnail is served sized by our API */}
          <img src={course.thumbnail_url} alt="" className={styles.thumbnail} fetchPriority="high" />
          <RichText html={course.description} />
          <h2 className={styles.outlineHeading}>Outline</h2>
          {state.modules.length === 0 ? (
            <EmptyState
              title="This course has no modules yet"
              description="The outline appears here once the instructor adds modules and lessons."
            />
          ) : (
            <CourseOutline courseId={course.id} modules={state.modules} linked={state.can_view_content} />
          )}
        </div>
        <div className={styles.aside}>
          <EnrollmentPanel course={course} state={state} />
        </div>
      </div>
    </>
  );
}
