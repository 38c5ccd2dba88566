import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Settings · Learning Management" };

export default async function Page() {
  await guardPage("/admin/settings/*");
  return (
    <>
      <PageHeader title="Settings" />
      <EmptyState title="Settings are on their way" description="Organization and system settings will be managed here." />
    </>
  );
}
