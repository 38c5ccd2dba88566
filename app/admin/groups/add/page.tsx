import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Add group · Learning Management" };

export default async function Page() {
  await guardPage("/admin/groups/add");
  return (
    <>
      <PageHeader title="Add group" />
      <EmptyState title="Group editing is on its way" description="Create a group, add members and assign courses here." />
    </>
  );
}
