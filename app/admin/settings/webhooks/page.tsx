import { SettingsSectionPage } from "@/app/admin/settings/settings-section-page";
import { WebhookSettings } from "@/components/webhooks/webhook-settings";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { listWebhookEndpoints } from "@/lib/server/webhooks/endpoints";
import type { TenantContext } from "@/lib/tenancy/context";

export const metadata = { title: "Webhooks · System Settings · Learning Management" };

/** Read only once the section page has let the caller in (an editor of this organization's settings). */
async function Endpoints({ ctx }: { ctx: TenantContext }) {
  const { data } = await listWebhookEndpoints(ctx);
  return <WebhookSettings saved={data} />;
}

export default async function WebhookSettingsPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/*");
  return (
    <SettingsSectionPage section="webhooks" ctx={ctx}>
      <Endpoints ctx={ctx} />
    </SettingsSectionPage>
  );
}
