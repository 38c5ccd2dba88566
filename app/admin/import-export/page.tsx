import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Import / Export · Learning Management" };

export default async function Page() {
  await guardPage("/admin/import-export/*");
  return (
    <>
      <PageHeader title="Import / Export" />
      <EmptyState title="Nothing imported or exported yet" description="Import users and courses from CSV, and export your organization's data here." />
    </>
  );
}
