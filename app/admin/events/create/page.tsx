import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Create event · Learning Management" };

export default async function Page() {
  await guardPage("/admin/events/*");
  return (
    <>
      <PageHeader title="Create event" />
      <EmptyState title="Event editing is on its way" description="Create calendar events for courses, groups or the whole organization here." />
    </>
  );
}
