import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Course player · Learning Management" };

export default async function Page() {
  await guardPage("/courses/[courseId]/learn");
  return (
    <>
      <PageHeader title="Course player" />
      <EmptyState title="This course has no lessons to play yet" description="The course player opens here once the course has published lessons." />
    </>
  );
}
