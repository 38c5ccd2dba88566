import Paper from "@mui/material/Paper";
import { AddCategoryForm } from "@/components/courses/category-form";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Add category · Learning Management" };

export default async function AddCategoryPage() {
  await guardPage("/admin/categories/add");
  return (
    <>
      <PageHeader title="Add category" />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <AddCategoryForm />
      </Paper>
    </>
  );
}
