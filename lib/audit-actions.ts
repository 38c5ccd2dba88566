// What the audit log's actions mean, for its view and its CSV export. Actions are written by the
// services (lib/server/audit.ts) as "<area>.<what>"; one not listed here shows as itself.

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "auth.login": "Signed in",
  "auth.login_failed": "Sign-in failed",
  "auth.register": "Registered",
  "auth.password_reset_requested": "Asked for a password reset",
  "auth.password_reset": "Set a new password with a link",
  "auth.password_change": "Changed their password",
  "auth.invitation_accepted": "Accepted an invitation",
  "auth.email_change_requested": "Asked to change their e-mail",
  "auth.email_changed": "Changed their e-mail",
  "auth.session_revoke": "Signed out one of their sessions",
  "auth.sessions_revoke_others": "Signed out their other sessions",
  "user.create": "Created a user",
  "user.update": "Edited a user",
  "user.role.change": "Changed a user's role",
  "user.invite": "Invited a user",
  "user.deactivate": "Deactivated a user",
  "user.reactivate": "Reactivated a user",
  "user.password.set": "Set a user's password",
  "user.sessions_end": "Signed a user out everywhere",
  "sso.account_linked": "Linked an account to single sign-on",
  "sso.account_created": "Got an account through single sign-on",
  "sso.provider.create": "Added an identity provider",
  "sso.provider.update": "Edited an identity provider",
  "sso.provider.delete": "Deleted an identity provider",
  "sso.policy.update": "Changed the sign-in policy",
  "group.create": "Created a group",
  "group.update": "Edited a group",
  "group.delete": "Deleted a group",
  "group.members.add": "Added group members",
  "group.members.remove": "Removed a group member",
  "group.courses.assign": "Assigned a course to a group",
  "group.courses.unassign": "Took a course from a group",
  "settings.update": "Changed settings",
  "settings.smtp.update": "Changed the mail server",
  "settings.smtp.test": "Sent a test e-mail",
  "organization.register": "Signed up the organization",
  "organization.create": "Created the organization",
  "organization.update": "Edited the organization",
  "organization.logo.set": "Uploaded a logo",
  "organization.logo.remove": "Removed the logo",
  "organization.suspend": "Suspended the organization",
  "organization.reactivate": "Reactivated the organization",
  "organization.subdomain.change": "Changed the subdomain",
  "certificate.template.create": "Created a certificate template",
  "certificate.template.update": "Edited a certificate template",
  "certificate.template.delete": "Deleted a certificate template",
  "certificate.revoke": "Revoked a certificate",
  "certificate.reissue": "Re-issued a certificate",
  "api_key.create": "Created an API key",
  "api_key.revoke": "Revoked an API key",
};

/** The filter's groups: an action's area ("auth.") matches every action in it. */
export const AUDIT_ACTION_AREAS: { prefix: string; label: string }[] = [
  { prefix: "auth.", label: "Sign-ins and passwords" },
  { prefix: "user.", label: "Users and roles" },
  { prefix: "group.", label: "Groups" },
  { prefix: "settings.", label: "Settings" },
  { prefix: "sso.", label: "Single sign-on" },
  { prefix: "organization.", label: "Organization and subdomain" },
  { prefix: "course.", label: "Courses" },
  { prefix: "category.", label: "Categories" },
  { prefix: "certificate.", label: "Certificates" },
  { prefix: "api_key.", label: "API keys" },
];

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The kinds of record an entry is about (its target), for the filter. */
export const AUDIT_TARGET_TYPES = [
  "user",
  "group",
  "organization",
  "platform",
  "course",
  "category",
  "module",
  "lesson",
  "certificate",
  "certificate_template",
  "api_key",
] as const;
