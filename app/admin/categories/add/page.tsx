import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Add category · Learning Management" };

export default async function Page() {
  await guardPage("/admin/categories/add");
  return (
    <>
      <PageHeader title="Add category" />
      <EmptyState title="Category editing is on its way" description="Create categories to organize your course catalog here." />
    </>
  );
}
