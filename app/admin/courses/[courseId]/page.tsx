import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Edit course · Learning Management" };

export default async function Page() {
  await guardPage("/admin/courses/[courseId]");
  return (
    <>
      <PageHeader title="Edit course" />
      <EmptyState title="The course editor is on its way" description="Modules, lessons and publishing for this course will be edited here." />
    </>
  );
}
