// System Settings' sections, each an address of its own (a link can name the one it means), in the order
// of the tabs. Sign-in is an organization's (identity providers are each organization's own); the audit
// log is its administrators'.

export type SettingsSection = "general" | "maintenance" | "password-policy" | "mail" | "sign-in";

export const SETTINGS_SECTIONS: readonly { section: SettingsSection; label: string; href: string }[] = [
  { section: "general", label: "General", href: "/admin/settings" },
  { section: "sign-in", label: "Sign-in", href: "/admin/settings/sign-in" },
  { section: "password-policy", label: "Password policy", href: "/admin/settings/password-policy" },
  { section: "mail", label: "Mail", href: "/admin/settings/mail" },
  { section: "maintenance", label: "Maintenance", href: "/admin/settings/maintenance" },
];

export const AUDIT_LOG_HREF = "/admin/settings/audit";
