import { definePaths, json, jsonBody } from "@/lib/openapi/operation";
import { messageSchema } from "@/lib/openapi/responses/common";
import { auditPageSchema, settingsViewSchema, smtpSettingsViewSchema } from "@/lib/openapi/responses/organizations";
import { auditLogExportQuerySchema, auditLogQuerySchema } from "@/lib/schemas/audit";
import { updateSettingsSchema } from "@/lib/schemas/organization-settings";
import { smtpSettingsSchema } from "@/lib/schemas/smtp";

// app/api/admin/settings/** and app/api/admin/audit-log/**. Settings are the host organization's (the
// superadmin's, on the apex: the platform's defaults for new organizations); they take effect on the next
// request and every change is audited.

const SCOPE = "Admins: their organization's; the superadmin (on the apex): the platform's.";

export const settingsPaths = definePaths("Settings", {
  "/api/admin/settings": {
    get: {
      operationId: "getSettings",
      summary: "The settings the caller may see",
      description: `${SCOPE} Instructors and org admins get a read-only view of those that concern teaching (course defaults, password policy).`,
      access: "signed-in",
      permission: "settings:read:teaching",
      responses: { 200: json("The settings", settingsViewSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateSettings",
      summary: "Change settings (any section, each whole)",
      description: `${SCOPE} Everyone else: 403. Audited with each setting's old and new value.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(updateSettingsSchema),
      responses: { 200: json("The settings", settingsViewSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/settings/smtp": {
    get: {
      operationId: "getSmtpSettings",
      summary: "The mail server",
      description: SCOPE,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("The mail server, without its password", smtpSettingsViewSchema) },
      errors: [403, 404],
    },
    put: {
      operationId: "updateSmtpSettings",
      summary: "Set the mail server",
      description: `${SCOPE} \`password\` omitted keeps the stored one (kept encrypted, never sent back). While off, mail goes through the platform's server. A host that is or resolves to a loopback, private, link-local or otherwise non-public address (in any spelling) is a 400 'This address is not allowed for an outgoing connection', unless the operator allow-lists it (OUTBOUND_ALLOWED_ADDRESSES). Audited.`,
      access: "signed-in",
      permission: "settings:manage",
      requestBody: jsonBody(smtpSettingsSchema),
      responses: { 200: json("The mail server", smtpSettingsViewSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/settings/smtp/test": {
    post: {
      operationId: "sendTestMail",
      summary: "Send a test e-mail to yourself through the saved mail server",
      description: `${SCOPE} 409 when no server is saved and on. 400 'This address is not allowed for an outgoing connection' when its host is (or now resolves to) an address outside the public internet that the operator has not allow-listed; 400 with one fixed sentence when it cannot be reached or does not accept the mail, whatever the cause (the server's own reply is never passed on). Audited, without the server's reply.`,
      access: "signed-in",
      permission: "settings:manage",
      responses: { 200: json("Where it went", messageSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/audit-log": {
    get: {
      operationId: "listAuditLog",
      summary: "The audit log, newest first, filtered",
      description:
        "Admins and org admins: their organization's; the superadmin: every organization's and the platform's (`organization_id` narrows). " +
        "`actor` searches who acted by name, e-mail or username; `action` is an action or an area ending with a dot (`auth.`); " +
        "`target_type` and `target_id` name what it was about; `from` and `to` are dates or date-times (1900 to the end of 2099).",
      access: "signed-in",
      permission: "audit:read",
      requestParams: { query: auditLogQuerySchema },
      responses: { 200: json("A page of entries", auditPageSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/audit-log/export": {
    get: {
      operationId: "exportAuditLog",
      summary: "The filtered audit log as CSV",
      description: "The same filters as the list, without paging; at most 100,000 entries, newest first.",
      access: "signed-in",
      permission: "audit:read",
      requestParams: { query: auditLogExportQuerySchema },
      responses: { 200: { description: "A CSV download", content: { "text/csv": { schema: { type: "string" } } } } },
      errors: [400, 403, 404],
    },
  },
});
