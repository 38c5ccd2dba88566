import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Choose a new password · Learning Management" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  await guardPage("/reset-password/[token]");
  const { token } = await params;
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
