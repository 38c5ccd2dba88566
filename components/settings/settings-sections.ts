// System Settings' sections, each an address of its own (a link can name the one it means), in the order
// of the tabs. Sign-in, API keys, LRS clients and webhooks are an organization's (identity providers, keys,
// clients and endpoints are each organization's own); the audit log is its administrators'.

/** The sections the platform (the superadmin on the apex) does not have. */
export const ORGANIZATION_ONLY_SECTIONS: readonly SettingsSection[] = [
  "sign-in",
  "api-keys",
  "lrs-clients",
  "webhooks",
];

export type SettingsSection =
  "general" | "maintenance" | "password-policy" | "mail" | "sign-in" | "api-keys" | "lrs-clients" | "webhooks";

export const SETTINGS_SECTIONS: readonly { section: SettingsSection; label: string; href: string }[] = [
  { section: "general", label: "General", href: "/admin/settings" },
  { section: "sign-in", label: "Sign-in", href: "/admin/settings/sign-in" },
  { section: "password-policy", label: "Password policy", href: "/admin/settings/password-policy" },
  { section: "mail", label: "Mail", href: "/admin/settings/mail" },
  { section: "maintenance", label: "Maintenance", href: "/admin/settings/maintenance" },
  { section: "api-keys", label: "API keys", href: "/admin/settings/api-keys" },
  { section: "lrs-clients", label: "LRS clients", href: "/admin/settings/lrs-clients" },
  { section: "webhooks", label: "Webhooks", href: "/admin/settings/webhooks" },
];

export const AUDIT_LOG_HREF = "/admin/settings/audit";
