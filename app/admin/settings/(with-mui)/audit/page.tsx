import { AuditLogView } from "@/components/audit/audit-log-view";
import { AUDIT_LOG_HREF } from "@/components/settings/settings-sections";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { PageHeader } from "@/components/shell/page-header";
import { guardSignedInPage } from "@/lib/auth/page-guard";
import { actsForPlatform, can } from "@/lib/tenancy/permissions";

export const metadata = { title: "Audit log · Learning Management" };

export default async function AuditLogPage() {
  const { ctx } = await guardSignedInPage("/admin/settings/audit");
  // The superadmin reads every organization's log and may narrow it to one.
  const everyOrganization = actsForPlatform(ctx);
  return (
    <>
      <PageHeader
        title="System Settings"
        subtitle={
          everyOrganization
            ? "Audit log of every organization and the platform"
            : `Audit log of ${ctx.organization?.name ?? "this organization"}`
        }
      />
      <SettingsTabs
        current={AUDIT_LOG_HREF}
        sections={can(ctx.role, "settings:manage")}
        platform={everyOrganization}
        showAuditLog
      />
      <AuditLogView everyOrganization={everyOrganization} />
    </>
  );
}
