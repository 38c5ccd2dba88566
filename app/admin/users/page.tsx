import { SimpleTable } from "@/components/data/simple-table";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage, loadOrNotFound } from "@/lib/auth/page-guard";
import { roleLabel } from "@/lib/routes";
import { listUsers } from "@/lib/server/users/queries";

export const metadata = { title: "Users · Learning Management" };

export default async function UsersPage() {
  const caller = await guardSignedInPage("/admin/users");
  const users = await loadOrNotFound(listUsers(caller.ctx));
  return (
    <>
      <PageHeader title="Users" subtitle={`${users.length} user${users.length === 1 ? "" : "s"}`} />
      <SimpleTable
        label="Users"
        columns={[{ key: "name", label: "Name" }, { key: "email", label: "Email" }, { key: "role", label: "Role" }, { key: "status", label: "Status" }]}
        rows={users.map((u) => ({ id: u.id, cells: { name: `${u.firstName} ${u.lastName}`, email: u.email, role: roleLabel(u.role), status: u.status } }))}
      />
    </>
  );
}
