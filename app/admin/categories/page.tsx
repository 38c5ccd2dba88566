import { SimpleTable } from "@/components/data/simple-table";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listCategories } from "@/lib/server/categories/queries";

export const metadata = { title: "Categories · Learning Management" };

export default async function CategoriesPage() {
  const caller = await guardSignedInPage("/admin/categories");
  const categories = await loadOrNotFound(listCategories(caller.ctx));
  return (
    <>
      <PageHeader title="Categories" />
      {categories.length === 0 ? (
        <EmptyState title="No categories yet" description="Categories organize your course catalog." action={{ label: "Add category", href: "/admin/categories/add" }} />
      ) : (
        <SimpleTable
          label="Categories"
          columns={[{ key: "name", label: "Name" }, { key: "courses", label: "Courses" }]}
          rows={categories.map((c) => ({ id: c.id, cells: { name: c.name, courses: c._count.courses } }))}
        />
      )}
    </>
  );
}
