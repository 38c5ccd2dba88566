import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { guardPage } from "@/lib/auth/page-guard";

export const metadata = { title: "Forgot password · Learning Management" };

export default async function ForgotPasswordPage() {
  await guardPage("/forgot-password");
  return (
    <AuthCard title="Forgot password" subtitle="We will e-mail you a link to choose a new password.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
