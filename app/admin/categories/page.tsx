import AddIcon from "@mui/icons-material/Add";
import { CategoryList } from "@/components/courses/category-list";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { LinkButton } from "@/components/navigation/link-components";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { listCategories } from "@/lib/server/categories/queries";

export const metadata = { title: "Categories · Learning Management" };

export default async function CategoriesPage() {
  const caller = await guardSignedInPage("/admin/categories");
  const categories = await loadOrNotFound(listCategories(caller.ctx));
  const add = (
    <LinkButton href="/admin/categories/add" variant="contained" startIcon={<AddIcon />}>
      Add category
    </LinkButton>
  );
  return (
    <>
      <PageHeader
        title="Categories"
        subtitle="Categories organize the course catalog"
        actions={categories.length ? add : undefined}
      />
      {categories.length === 0 ? (
        <EmptyState
          title="No categories yet"
          description="Categories organize your course catalog."
          action={{ label: "Add category", href: "/admin/categories/add" }}
        />
      ) : (
        <CategoryList categories={categories} />
      )}
    </>
  );
}
