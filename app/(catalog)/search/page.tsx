import Typography from "@mui/material/Typography";
import { readCatalogState } from "@/components/learning/catalog-href";
import { CatalogPagination } from "@/components/learning/catalog-pagination";
import { CatalogSearchForm } from "@/components/learning/catalog-search-form";
import { courseCardData } from "@/components/learning/course-card";
import { CourseCardGrid } from "@/components/learning/course-card-grid";
import { EmptyState } from "@/components/shell/empty-state";
import { guardPage } from "@/lib/auth/page-guard";
import { listCategories } from "@/lib/server/categories/queries";
import { listCourses } from "@/lib/server/courses/queries";

export const metadata = { title: "Course catalog · Learning Management" };

const PAGE_SIZE = 20;

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx } = await guardPage("/search");
  if (!ctx.organization) {
    return (
      <EmptyState
        title="Catalogs belong to organizations"
        description="Open your organization's own address to browse its courses."
      />
    );
  }
  const { q, categoryId, page } = readCatalogState(await searchParams);
  const [result, categories] = await Promise.all([
    listCourses(ctx, {
      q: q || undefined,
      category_id: categoryId || undefined,
      page,
      page_size: PAGE_SIZE,
      view: "catalog",
    }),
    listCategories(ctx),
  ]);
  const filtered = q !== "" || categoryId !== "" || result.total > 0;
  const category = categories.find((c) => c.id === categoryId);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Course catalog
      </Typography>
      <CatalogSearchForm q={q} categoryId={categoryId} categories={categories} />
      {result.items.length === 0 ? (
        <EmptyState
          title={
            filtered
              ? `No courses match ${[q && `“${q}”`, category && `the category ${category.name}`, result.total > 0 && `page ${page}`].filter(Boolean).join(" in ")}`
              : "No published courses yet"
          }
          description={
            filtered
              ? "Try other words or another category."
              : `${ctx.organization.name} has not published any courses yet.`
          }
          action={filtered ? { label: "Show all courses", href: "/search" } : undefined}
        />
      ) : (
        <>
          <Typography sx={{ color: "text.secondary", mb: 2 }} role="status">
            {result.total === 1 ? "1 course" : `${result.total} courses`}
          </Typography>
          <CourseCardGrid label="Courses" headingLevel="h2" cards={result.items.map(courseCardData)} />
          <CatalogPagination
            q={q}
            categoryId={categoryId}
            page={page}
            pageCount={Math.ceil(result.total / PAGE_SIZE)}
          />
        </>
      )}
    </>
  );
}
