import { SimpleTable } from "@/components/data/simple-table";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listManagedCourses } from "@/lib/server/courses/queries";

export const metadata = { title: "Courses · Learning Management" };

export default async function AdminCoursesPage() {
  const caller = await guardSignedInPage("/admin/courses");
  const courses = await loadOrNotFound(listManagedCourses(caller.ctx));
  if (courses.length === 0) {
    return (
      <>
        <PageHeader title="Courses" />
        <EmptyState title="No courses yet" description="Create your first course to start teaching." action={{ label: "Create course", href: "/admin/courses/create" }} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Courses" subtitle={`${courses.length} course${courses.length === 1 ? "" : "s"}`} />
      <SimpleTable
        label="Courses"
        columns={[{ key: "title", label: "Title" }, { key: "category", label: "Category" }, { key: "status", label: "Status" }, { key: "lessons", label: "Lessons" }, { key: "enrollments", label: "Enrollments" }]}
        rows={courses.map((c) => ({
          id: c.id,
          cells: { title: c.title, category: c.category?.name ?? "—", status: c.status, lessons: c._count.lessons, enrollments: c._count.enrollments },
        }))}
      />
    </>
  );
}
