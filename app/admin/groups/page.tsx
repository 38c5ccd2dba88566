import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Groups · Learning Management" };

export default async function Page() {
  await guardPage("/admin/groups");
  return (
    <>
      <PageHeader title="Groups" />
      <EmptyState title="No groups yet" description="Groups let you enroll many learners in courses at once." action={{ label: "Add group", href: "/admin/groups/add" }} />
    </>
  );
}
