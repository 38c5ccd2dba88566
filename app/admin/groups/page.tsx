import { Suspense } from "react";
import { GroupList } from "@/components/groups/group-list";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Groups · Learning Management" };

export default async function Page() {
  await guardPage("/admin/groups");
  return (
    <>
      <PageHeader title="Groups" subtitle="Assign courses to a group and every member is enrolled" />
      <Suspense>
        <GroupList />
      </Suspense>
    </>
  );
}
