import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Thumbnail debug · Learning Management" };

export default async function Page() {
  await guardPage("/admin/thumbnail-debug");
  return (
    <>
      <PageHeader title="Thumbnail debug" />
      <EmptyState title="No course thumbnails to check" description="Each course's thumbnail source, resolved URL and load status will be listed here." />
    </>
  );
}
