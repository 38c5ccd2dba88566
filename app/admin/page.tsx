import { redirect } from "next/navigation";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { navigationFor } from "@/lib/routes";

// The admin index has no screen of its own: it opens the caller's first administration entry.
export default async function AdminIndexPage() {
  const caller = await guardSignedInPage("/admin");
  const first = navigationFor(caller.ctx.role).find((entry) => entry.href.startsWith("/admin"));
  redirect(first?.href ?? "/dashboard");
}
