import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Calendar · Learning Management" };

export default async function Page() {
  await guardPage("/calendar");
  return (
    <>
      <PageHeader title="Calendar" />
      <EmptyState title="No upcoming events" description="Course sessions, deadlines and organization events will appear on your calendar." />
    </>
  );
}
