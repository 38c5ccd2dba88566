import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Events · Learning Management" };

export default async function Page() {
  await guardPage("/admin/events/*");
  return (
    <>
      <PageHeader title="Events" />
      <EmptyState title="No events yet" description="Schedule sessions and deadlines for your courses and groups." action={{ label: "Create event", href: "/admin/events/create" }} />
    </>
  );
}
