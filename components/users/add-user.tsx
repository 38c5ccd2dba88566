"use client";

import { useRouter } from "next/navigation";
import { LinkButton } from "@/components/navigation/link-components";
import { UserForm } from "@/components/users/user-form";
import { apiPost } from "@/lib/client/api";
import type { Role } from "@/lib/routes";
import type { CreateUserInput, UserFormValues } from "@/lib/schemas/users";
import type { CreatedUser } from "@/lib/server/users/create-user";

function createInput(values: UserFormValues): CreateUserInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    username: values.username || undefined,
    role: values.role,
    group_ids: values.groups.map((g) => g.id),
    password: values.access === "password" ? values.password : undefined,
  };
}

/** The add page: on to the new person's page, which says how they were let in. */
export function AddUser({ callerRole }: { callerRole: Role }) {
  const router = useRouter();
  return (
    <UserForm
      mode="add"
      callerRole={callerRole}
      submitLabel="Add user"
      actions={
        <LinkButton href="/admin/users" size="large">
          Cancel
        </LinkButton>
      }
      onSubmit={async (values) => {
        const { user, invitation_sent } = await apiPost<CreatedUser>("/api/admin/users", createInput(values));
        const added = values.access === "password" ? "password" : invitation_sent ? "invited" : "unsent";
        router.push(`/admin/users/edit/${user.id}?added=${added}`);
      }}
    />
  );
}
