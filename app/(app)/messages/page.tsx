import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Messages · Learning Management" };

export default async function Page() {
  await guardPage("/messages");
  return (
    <>
      <PageHeader title="Messages" />
      <EmptyState title="No conversations yet" description="Messages from your instructors and classmates will appear here." />
    </>
  );
}
