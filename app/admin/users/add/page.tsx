import Paper from "@mui/material/Paper";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/shell/page-header";
import { AddUser } from "@/components/users/add-user";
import { guardSignedInPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Add user · Learning Management" };

export default async function Page() {
  const caller = await guardSignedInPage("/admin/users/add");
  // Users belong to an organization: on the apex there is none to add them to.
  if (!caller.ctx.organizationId) notFound();
  return (
    <>
      <PageHeader title="Add user" subtitle="Invite them by e-mail, or set their first password yourself" />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <AddUser callerRole={caller.ctx.role} />
      </Paper>
    </>
  );
}
