import { AUDIT_LOG_HREF, ORGANIZATION_ONLY_SECTIONS, SETTINGS_SECTIONS } from "@/components/settings/settings-sections";
import { LinkTabs } from "@/components/ui/link-tabs";
import styles from "@/components/ui/ui.module.css";

/**
 * System Settings' pages: the sections an administrator edits (no sign-in on the platform), or the one
 * page of settings a reader has, then the audit log for those who read it. Nothing when there is only one
 * page to show.
 */
export function SettingsTabs({
  current,
  sections,
  platform,
  showAuditLog,
}: {
  current: string;
  /** The caller edits the settings: every section is theirs. */
  sections: boolean;
  platform: boolean;
  showAuditLog: boolean;
}) {
  const tabs = [
    ...(sections
      ? SETTINGS_SECTIONS.filter((s) => !(platform && ORGANIZATION_ONLY_SECTIONS.includes(s.section)))
      : [{ label: "Settings", href: SETTINGS_SECTIONS[0]!.href }]),
    ...(showAuditLog ? [{ label: "Audit log", href: AUDIT_LOG_HREF }] : []),
  ];
  if (tabs.length < 2) return null;
  return (
    <div className={styles.pageTabs}>
      <LinkTabs label="System settings" tabs={tabs} current={current} />
    </div>
  );
}
