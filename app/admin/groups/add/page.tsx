import Paper from "@mui/material/Paper";
import { AddGroupForm } from "@/components/groups/group-form";
import { PageHeader } from "@/components/shell/page-header";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Add group · Learning Management" };

export default async function Page() {
  await guardPage("/admin/groups/add");
  return (
    <>
      <PageHeader title="Add group" subtitle="Then add members and assign courses" />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <AddGroupForm />
      </Paper>
    </>
  );
}
