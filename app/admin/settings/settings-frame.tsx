import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import {
  ORGANIZATION_ONLY_SECTIONS,
  SETTINGS_SECTIONS,
  type SettingsSection,
} from "@/components/settings/settings-sections";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { PageHeader } from "@/components/shell/page-header";
import { loadOrNotFound } from "@/lib/auth/page-guard";
import { getSettingsPage, type SettingsPage } from "@/lib/server/settings/settings-page";
import type { TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

/**
 * What a section of System Settings shows its caller, for a caller its page let in. Those who only read
 * the teaching settings (instructors) see them on the first section's address; the other sections are the
 * editors', and the platform has none of an organization's own.
 */
export async function loadSettingsSection(section: SettingsSection, ctx: TenantContext): Promise<SettingsPage> {
  const view = await loadOrNotFound(getSettingsPage(ctx));
  const isPlatform = view.scope === "platform";
  if ((!view.editable && section !== "general") || (isPlatform && ORGANIZATION_ONLY_SECTIONS.includes(section)))
    notFound();
  return view;
}

/** A section of System Settings under the page's header and tabs. */
export function SettingsFrame({
  section,
  ctx,
  view,
  children,
}: {
  section: SettingsSection;
  ctx: TenantContext;
  view: SettingsPage;
  children: ReactNode;
}) {
  const href = SETTINGS_SECTIONS.find((s) => s.section === section)!.href;
  const isPlatform = view.scope === "platform";
  const subtitle = isPlatform
    ? "Platform defaults: what new organizations start with, and the notice every organization shows"
    : (ctx.organization?.name ?? undefined);
  return (
    <>
      <PageHeader title="System Settings" subtitle={subtitle} />
      <SettingsTabs
        current={href}
        sections={view.editable}
        platform={isPlatform}
        showAuditLog={can(ctx.role, "audit:read")}
      />
      {children}
    </>
  );
}
