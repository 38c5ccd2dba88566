import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Lesson · Learning Management" };

export default async function Page() {
  await guardPage("/courses/[courseId]/modules/[moduleId]/lessons/[lessonId]");
  return (
    <>
      <PageHeader title="Lesson" />
      <EmptyState title="This lesson is not available yet" description="Lessons open here once the course is published and you are enrolled." />
    </>
  );
}
