import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Sign in · Learning Management" };

type Search = Promise<{ callbackUrl?: string; email?: string; registered?: string }>;

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const { ctx } = await guardPage("/login");
  const { callbackUrl, email, registered } = await searchParams;
  return (
    <AuthCard title="Sign in" subtitle={ctx.organization?.name ?? "Platform administration"}>
      <LoginForm
        callbackUrl={callbackUrl}
        defaultEmail={email}
        notice={registered ? "Your organization is ready. Sign in to get started." : undefined}
      />
    </AuthCard>
  );
}
