import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Add user · Learning Management" };

export default async function Page() {
  await guardPage("/admin/users/add");
  return (
    <>
      <PageHeader title="Add user" />
      <EmptyState title="User editing is on its way" description="Create accounts for learners, instructors and administrators here." />
    </>
  );
}
