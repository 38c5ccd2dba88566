import { createDocument, type ZodOpenApiObject } from "zod-openapi";
import { SECURITY_SCHEMES } from "@/lib/openapi/operation";
import { apiKeyPaths } from "@/lib/openapi/paths/api-keys";
import { lrsClientPaths } from "@/lib/openapi/paths/lrs-clients";
import { authPaths } from "@/lib/openapi/paths/auth";
import { eventPaths } from "@/lib/openapi/paths/calendar";
import { exportPaths } from "@/lib/openapi/paths/exports";
import { categoryPaths } from "@/lib/openapi/paths/categories";
import { certificatePaths } from "@/lib/openapi/paths/certificates";
import { contentImagePaths } from "@/lib/openapi/paths/content-images";
import { coursePaths } from "@/lib/openapi/paths/courses";
import { dashboardPaths } from "@/lib/openapi/paths/dashboard";
import { enrollmentPaths } from "@/lib/openapi/paths/enrollments";
import { groupPaths } from "@/lib/openapi/paths/groups";
import { identityProviderPaths } from "@/lib/openapi/paths/identity-providers";
import { importPaths } from "@/lib/openapi/paths/imports";
import { lessonPaths } from "@/lib/openapi/paths/lessons";
import { messagePaths } from "@/lib/openapi/paths/messages";
import { metaPaths } from "@/lib/openapi/paths/meta";
import { organizationPaths } from "@/lib/openapi/paths/organizations";
import { outlinePaths } from "@/lib/openapi/paths/outline";
import { questionPaths } from "@/lib/openapi/paths/questions";
import { quizPaths } from "@/lib/openapi/paths/quizzes";
import { reportPaths } from "@/lib/openapi/paths/reports";
import { scormContentPaths, scormPaths } from "@/lib/openapi/paths/scorm";
import { cmi5Paths } from "@/lib/openapi/paths/cmi5";
import { settingsPaths } from "@/lib/openapi/paths/settings";
import { userPaths } from "@/lib/openapi/paths/users";
import { webhookPaths } from "@/lib/openapi/paths/webhooks";
import { WEBHOOK_EVENTS } from "@/lib/openapi/webhook-events";
import packageJson from "@/package.json";

// The OpenAPI document, generated from the same zod schemas the route handlers parse with (requests) and
// the response schemas in lib/openapi/responses. lib/openapi/coverage.test.ts fails when a route file
// and the document disagree.

const DESCRIPTION = [
  "Every organization is a tenant on its own subdomain (`acme.example.com`), and every route answers on the host of " +
    "the organization it concerns; the apex serves organization sign-up and the platform superadmin. An unknown " +
    "subdomain answers 404, and another organization's records are 404s, never 403s.",
  "JSON in and out, with snake_case fields. Lists answer `{ items, page, page_size, total }` and take `page` (from 1) " +
    "and `page_size` (1–100, default 20). Errors answer `{ error: { code, message, fieldErrors? } }` with a 4xx status " +
    "naming the problem; 5xx answers never show internals.",
  "API clients sign in with POST /auth/login and send the token as `Authorization: Bearer <token>`. Browsers use the " +
    "HTTP-only session cookie instead; a write authenticated by the cookie must come from a page of the same host.",
].join("\n\n");

export const TAGS = [
  { name: "Auth", description: "Sign-in, registration, password reset and the caller's own profile" },
  { name: "Courses", description: "The catalog and course authoring" },
  { name: "Outline", description: "Modules, and the order of modules and lessons" },
  { name: "Lessons", description: "Lesson content, uploads and media" },
  {
    name: "Content images",
    description: "Images in rich text (lesson text, questions), served to the organization's members only",
  },
  { name: "SCORM", description: "SCORM launch and tracking" },
  {
    name: "cmi5",
    description:
      "cmi5 courses: import, launch, waive and abandon (docs/cmi5.md). The fetch URL (`/cmi5/fetch/{token}`) follows the cmi5 specification, not this document",
    externalDocs: { description: "cmi5 (2nd edition)", url: "https://github.com/AICC/CMI-5_Spec_Current" },
  },
  {
    name: "xAPI",
    description:
      "The organization's xAPI Learning Record Store: its LRS clients here; the LRS itself, at `/xapi/` on the organization's host (statements, documents, agents, activities, about), follows the xAPI specification (2.0.0, IEEE 9274.1.1, and 1.0.3), not this document (docs/xapi.md)",
    externalDocs: { description: "The xAPI specification", url: "https://github.com/adlnet/xAPI-Spec" },
  },
  { name: "Categories", description: "Course categories" },
  { name: "Enrollments", description: "Enrollment and lesson progress" },
  { name: "Dashboard", description: "The learner's overview" },
  { name: "Groups", description: "Groups of people, and the courses that enroll them" },
  { name: "Questions", description: "Question banks and their versioned questions (docs/assessments.md)" },
  {
    name: "Quizzes",
    description:
      "Quiz lessons: their settings and questions, a learner's attempts (saved answer by answer, timed by the server), review and grading (docs/assessments.md)",
  },
  { name: "Users", description: "The organization's users, as staff's pickers list them" },
  {
    name: "Imports",
    description: "CSV user imports: upload, column mapping, dry run, the run as a background job, the report",
  },
  {
    name: "Exports",
    description: "An organization's users, courses, enrollments, group memberships and SCORM results as CSV",
  },
  { name: "Certificates", description: "Certificate templates, issued certificates and their PDFs" },
  { name: "Messages", description: "Messaging" },
  { name: "Reports", description: "Learning reports: overview, breakdowns, CSV exports and the summaries' refresh" },
  { name: "Organizations", description: "Organizations (tenants): branding, status and subdomains" },
  { name: "Settings", description: "An organization's settings, its mail server and its audit log" },
  {
    name: "Webhooks",
    description:
      "Webhook endpoints (System Settings, Webhooks section), and the events sent to them as the Standard Webhooks specification says (see `webhooks`)",
  },
  { name: "Calendar", description: "Events, the personal calendar and its iCal feed" },
  { name: "Documentation", description: "This description of the API" },
  { name: "Operations", description: "Running the service" },
];

const FORMATS_WITHOUT_PATTERN = new Set(["uuid", "date-time", "email"]);

function build(): ReturnType<typeof createDocument> {
  const spec: ZodOpenApiObject = {
    openapi: "3.1.0",
    info: { title: "Learning Management API", version: packageJson.version, description: DESCRIPTION },
    tags: TAGS,
    paths: {
      ...authPaths,
      ...coursePaths,
      ...outlinePaths,
      ...lessonPaths,
      ...contentImagePaths,
      ...scormPaths,
      ...scormContentPaths,
      ...cmi5Paths,
      ...categoryPaths,
      ...certificatePaths,
      ...enrollmentPaths,
      ...dashboardPaths,
      ...groupPaths,
      ...questionPaths,
      ...quizPaths,
      ...userPaths,
      ...importPaths,
      ...exportPaths,
      ...organizationPaths,
      ...settingsPaths,
      ...identityProviderPaths,
      ...webhookPaths,
      ...apiKeyPaths,
      ...lrsClientPaths,
      ...messagePaths,
      ...reportPaths,
      ...eventPaths,
      ...metaPaths,
    },
    webhooks: WEBHOOK_EVENTS,
    components: { securitySchemes: SECURITY_SCHEMES },
  };
  return createDocument(spec, {
    // zod spells its formats out as long regular expressions too; the format says the same, readably.
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === "string" && FORMATS_WITHOUT_PATTERN.has(jsonSchema.format))
        delete jsonSchema.pattern;
    },
  });
}

let cached: ReturnType<typeof createDocument> | undefined;

/** Built once per server process: the schemas do not change while it runs. */
export function openApiDocument(): ReturnType<typeof createDocument> {
  return (cached ??= build());
}
