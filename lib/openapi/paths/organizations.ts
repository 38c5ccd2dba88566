import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import {
  createdOrganizationSchema,
  organizationAdminPageSchema,
  organizationAdminSchema,
} from "@/lib/openapi/responses/organizations";
import {
  changeSubdomainSchema,
  createOrganizationSchema,
  listOrganizationsQuerySchema,
  organizationStatusSchema,
  updateOrganizationSchema,
} from "@/lib/schemas/organizations";

// app/api/admin/organizations/**: an administrator reads and edits their own organization (another is a
// 404); the superadmin, on the apex, every organization, and only they suspend, reactivate and move one.

const organization = pathIds("organizationId");
const logoForm = z.object({
  logo: z.file().meta({
    description: "JPEG, PNG, WebP or GIF, at most 2 MB by default (LOGO_MAX_BYTES); fitted into 236×80 as PNG",
  }),
});
const SUPERADMIN = "The superadmin only (on the apex).";

export const organizationPaths = definePaths("Organizations", {
  "/api/admin/organizations": {
    get: {
      operationId: "listOrganizations",
      summary: "Organizations with their user, course and enrollment counts",
      description:
        "The superadmin: every organization (`q` searches name and subdomain, `status` filters). An admin: their own.",
      access: "signed-in",
      permission: "organization:update:own",
      requestParams: { query: listOrganizationsQuerySchema },
      responses: { 200: json("A page of organizations", organizationAdminPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createOrganization",
      summary: "Create an organization and its first org_admin",
      description: `${SUPERADMIN} The organization starts with the platform's default settings; its org_admin gets an e-mail with a single-use link to set a password on the new address. Audited.`,
      access: "signed-in",
      permission: "organizations:manage:all",
      requestBody: jsonBody(createOrganizationSchema),
      responses: { 201: json("The organization and its first org_admin", createdOrganizationSchema) },
      errors: [400, 403, 409],
    },
  },
  "/api/admin/organizations/{organizationId}": {
    requestParams: { path: organization },
    get: {
      operationId: "getOrganization",
      summary: "One organization (an admin: their own)",
      access: "signed-in",
      permission: "organization:update:own",
      responses: { 200: json("The organization", organizationAdminSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateOrganization",
      summary: "Rename, recolour or change self-registration",
      description:
        "An admin: their own organization; the superadmin: any. `primary_color` must carry white text at WCAG AA (4.5:1); null restores #0A66C2. Audited.",
      access: "signed-in",
      permission: "organization:update:own",
      requestBody: jsonBody(updateOrganizationSchema),
      responses: { 200: json("The organization", organizationAdminSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/organizations/{organizationId}/logo": {
    requestParams: { path: organization },
    put: {
      operationId: "uploadOrganizationLogo",
      summary: "Upload or replace the organization's logo",
      description:
        "Checked like a thumbnail (size, the real image type) and fitted into the top bar's 118×40 box at twice the size. Audited.",
      access: "signed-in",
      permission: "organization:update:own",
      requestBody: { required: true, content: { "multipart/form-data": { schema: logoForm } } },
      responses: { 200: json("The organization with its new branding.logoUrl", organizationAdminSchema) },
      errors: [400, 403, 404, 413, 415],
    },
    delete: {
      operationId: "deleteOrganizationLogo",
      summary: "Remove the logo (the default logo shows again)",
      access: "signed-in",
      permission: "organization:update:own",
      responses: { 200: json("The organization", organizationAdminSchema) },
      errors: [403, 404],
    },
  },
  "/api/admin/organizations/{organizationId}/status": {
    requestParams: { path: organization },
    put: {
      operationId: "setOrganizationStatus",
      summary: "Suspend or reactivate an organization",
      description: `${SUPERADMIN} While suspended, its users cannot sign in, its pages say so and its API refuses every call (403); suspending ends every session. Audited.`,
      access: "signed-in",
      permission: "organizations:manage:all",
      requestBody: jsonBody(organizationStatusSchema),
      responses: { 200: json("The organization", organizationAdminSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/organizations/{organizationId}/subdomain": {
    requestParams: { path: organization },
    put: {
      operationId: "changeOrganizationSubdomain",
      summary: "Move an organization to another subdomain",
      description: `${SUPERADMIN} DNS label rules, reserved names and uniqueness (409) apply. The old host answers 404 at once and every session of its users ends. Audited.`,
      access: "signed-in",
      permission: "organizations:manage:all",
      requestBody: jsonBody(changeSubdomainSchema),
      responses: { 200: json("The organization at its new subdomain", organizationAdminSchema) },
      errors: [400, 403, 404, 409],
    },
  },
});
