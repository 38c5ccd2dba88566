import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Edit user · Learning Management" };

export default async function Page() {
  await guardPage("/admin/users/edit/[userId]");
  return (
    <>
      <PageHeader title="Edit user" />
      <EmptyState title="User editing is on its way" description="Change a user's details, role and status here." />
    </>
  );
}
