import { CourseList } from "@/components/courses/course-list";
import { CourseTable } from "@/components/courses/course-table";
import { courseTableRow } from "@/components/courses/course-table-rows";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { ButtonLink } from "@/components/ui/button-link";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listCoursesQuerySchema } from "@/lib/schemas/courses";
import { listCourses } from "@/lib/server/courses/queries";
import { can } from "@/lib/tenancy/role-permissions";

export const metadata = { title: "Courses · Learning Management" };

const PAGE_SIZE = 20;

export default async function AdminCoursesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await guardSignedInPage("/admin/courses");
  const { page, q, status } = await searchParams;
  // A malformed ?page= or ?status= shows the first page unfiltered rather than an error.
  const parsed = listCoursesQuerySchema.safeParse({ page, q: q || undefined, status: status || undefined });
  const query = parsed.success ? parsed.data : listCoursesQuerySchema.parse({});
  const courses = await loadOrNotFound(listCourses(caller.ctx, { ...query, page_size: PAGE_SIZE, view: "manage" }));
  const empty = courses.total === 0 && !query.q && !query.status;
  const create = (
    <ButtonLink href="/admin/courses/create" icon="add">
      Create course
    </ButtonLink>
  );
  // Certificate templates belong to Course Management: reached from here, not from a navigation entry.
  const certificates = (
    <ButtonLink href="/admin/courses/certificates" variant="outlined" icon="certificate">
      Certificates
    </ButtonLink>
  );
  // Question banks too are reached from here, by those who manage questions.
  const questionBanks = can(caller.ctx, "questions:manage") ? (
    <ButtonLink href="/admin/question-banks" variant="outlined" icon="quiz">
      Question banks
    </ButtonLink>
  ) : null;
  return (
    <>
      <PageHeader
        title="Courses"
        subtitle={`${courses.total} course${courses.total === 1 ? "" : "s"}`}
        actions={
          <>
            {questionBanks}
            {certificates}
            {empty ? null : create}
          </>
        }
      />
      {empty ? (
        <EmptyState
          title="No courses yet"
          description="Create your first course to start teaching."
          action={{ label: "Create course", href: "/admin/courses/create" }}
        />
      ) : (
        <CourseList
          total={courses.total}
          page={courses.page}
          pageSize={courses.page_size}
          q={query.q ?? ""}
          status={query.status ?? ""}
        >
          <CourseTable items={courses.items.map(courseTableRow)} />
        </CourseList>
      )}
    </>
  );
}
