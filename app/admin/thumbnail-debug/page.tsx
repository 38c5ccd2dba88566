import { ThumbnailDebugList } from "@/components/courses/thumbnail-debug-list";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { paginationQuerySchema } from "@/lib/schemas/pagination";
import { listCourses } from "@/lib/server/courses/queries";

export const metadata = { title: "Thumbnail debug · Learning Management" };

export default async function ThumbnailDebugPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const caller = await guardSignedInPage("/admin/thumbnail-debug");
  const parsed = paginationQuerySchema.safeParse({ page: (await searchParams).page });
  const page = parsed.success ? parsed.data.page : 1;
  const courses = await loadOrNotFound(listCourses(caller.ctx, { page, page_size: 25, view: "manage" }));
  return (
    <>
      <PageHeader
        title="Thumbnail debug"
        subtitle="Each course's thumbnail source, stored value, resolved URL and whether it loads in this browser"
      />
      {courses.total === 0 ? (
        <EmptyState
          title="No course thumbnails to check"
          description="Courses you can edit are listed here once they exist."
          action={{ label: "Create course", href: "/admin/courses/create" }}
        />
      ) : (
        <ThumbnailDebugList courses={courses} />
      )}
    </>
  );
}
