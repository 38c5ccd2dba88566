import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Reports · Learning Management" };

export default async function Page() {
  await guardPage("/admin/reports");
  return (
    <>
      <PageHeader title="Reports" />
      <EmptyState title="No report data yet" description="Enrollment, progress and completion reports appear here once learners start courses." />
    </>
  );
}
