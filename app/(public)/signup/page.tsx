import { headers } from "next/headers";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";
import { guardPage } from "@/lib/auth/page-guard";
import { env } from "@/lib/env";
import { platformDefaults } from "@/lib/server/settings/queries";

export const metadata = { title: "Create an organization · Learning Management" };

export default async function SignupPage() {
  await guardPage("/signup");
  const port = (await headers()).get("host")?.split(":")[1];
  const apexHost = port ? `${env.APP_DOMAIN}:${port}` : env.APP_DOMAIN;
  return (
    <AuthCard title="Create an organization" subtitle="Your own learning space on its own address">
      <SignupForm apexHost={apexHost} policy={(await platformDefaults()).passwordPolicy} />
    </AuthCard>
  );
}
