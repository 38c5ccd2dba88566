import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Create course · Learning Management" };

export default async function Page() {
  await guardPage("/admin/courses/create");
  return (
    <>
      <PageHeader title="Create course" />
      <EmptyState title="The course editor is on its way" description="Course authoring (details, modules, lessons and thumbnails) opens here." />
    </>
  );
}
