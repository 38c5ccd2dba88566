import type { Who } from "./page-access";

// Who may call which API operation, written out from the spec (docs/specification.md "Calls") and
// docs/permissions.md "Actions", per caller: anonymous, learner, instructor, org_admin, admin (all on
// their organization's host, the instructor teaching the course and the learner enrolled in it) and
// the superadmin (on the apex, where it signs in). The content host's routes are the exception: no session
// reaches that host, so every caller goes to the organization's content host with the learner's launch
// token, and its own credentials ride along for nothing.
//   ok: 2xx. unauthenticated: 401. forbidden: 403. absent: 404 (the apex has no tenant data; another
//   learner's attempt is no record of yours). refused: 400 (cannot be done on that host). conflict: 409.

export type ApiOutcome = "ok" | "unauthenticated" | "forbidden" | "absent" | "refused" | "conflict" | "other";

export function outcomeOf(status: number): ApiOutcome {
  if (status >= 200 && status < 300) return "ok";
  return (
    (
      { 400: "refused", 401: "unauthenticated", 403: "forbidden", 404: "absent", 409: "conflict" } as Record<
        number,
        ApiOutcome
      >
    )[status] ?? "other"
  );
}

export type ApiRow = readonly [
  anonymous: ApiOutcome,
  learner: ApiOutcome,
  instructor: ApiOutcome,
  org_admin: ApiOutcome,
  admin: ApiOutcome,
  superadmin: ApiOutcome,
];
export type { Who };

/** Anyone, on any host: sign-in, organization sign-up, password-reset requests, the API document, liveness. */
const ANYONE: ApiRow = ["ok", "ok", "ok", "ok", "ok", "ok"];
/** Public like the catalog, on the organization's host; the apex has no catalog. */
const TENANT_PUBLIC: ApiRow = ["ok", "ok", "ok", "ok", "ok", "absent"];
/** The signed-in user's own account, the superadmin's included. */
const OWN_ACCOUNT: ApiRow = ["unauthenticated", "ok", "ok", "ok", "ok", "ok"];
/** Readers of the course: enrolled learners, its instructors, the organization's admins. */
const COURSE_READERS: ApiRow = ["unauthenticated", "ok", "ok", "ok", "ok", "absent"];
/** The course's editors: its instructors and the organization's admins (docs/permissions.md "Courses API"). */
const COURSE_EDITORS: ApiRow = ["unauthenticated", "forbidden", "ok", "ok", "ok", "absent"];
/** categories:manage and users:manage: org_admin and admin. */
const ORG_ADMINS: ApiRow = ["unauthenticated", "forbidden", "forbidden", "ok", "ok", "absent"];
/** Everyone of the organization, on its host (messages); the apex has no mailbox. */
const ORGANIZATION_MEMBERS: ApiRow = ["unauthenticated", "ok", "ok", "ok", "ok", "absent"];
/** A conversation's participants only (the world's is between the learner and the instructor): admins are no readers of it. */
const THREAD_PARTICIPANTS: ApiRow = ["unauthenticated", "ok", "ok", "absent", "absent", "absent"];
/** organization:update:own: an admin (their own organization), and the superadmin (any). */
const ORGANIZATION_ADMINS: ApiRow = ["unauthenticated", "forbidden", "forbidden", "forbidden", "ok", "ok"];
/** settings:manage of an organization's own records: its admins; the superadmin's apex has none. */
const ADMINS_OF_ORGANIZATION: ApiRow = ["unauthenticated", "forbidden", "forbidden", "forbidden", "ok", "absent"];
/** organizations:manage:all and subdomains:manage: the superadmin only. */
const SUPERADMIN_ONLY: ApiRow = ["unauthenticated", "forbidden", "forbidden", "forbidden", "forbidden", "ok"];
/** The audit log (audit:read): org_admin and admin (their organization), the superadmin (all). */
const AUDIT_READERS: ApiRow = ["unauthenticated", "forbidden", "forbidden", "ok", "ok", "ok"];
/** reports:read: instructors (their courses), org_admin and admin (their organization), the superadmin (the platform). */
const REPORT_READERS: ApiRow = ["unauthenticated", "forbidden", "ok", "ok", "ok", "ok"];
/** A learner's own SCORM attempt: nobody else's records. */
const ATTEMPT_OWNER: ApiRow = ["unauthenticated", "ok", "absent", "absent", "absent", "absent"];
/**
 * The content host's routes (docs/scorm-player.md): the token in the path is the capability, minted by a
 * launch the viewer was allowed to make, and no session is read there, so it decides alike for everyone
 * (a missing, forged, expired or foreign token is a 404 to everyone: the sweep and the fuzzing send them).
 */
const TOKEN_HOLDERS: ApiRow = ["ok", "ok", "ok", "ok", "ok", "ok"];

export const API_ACCESS: Record<string, ApiRow> = {
  "POST /auth/login": ANYONE,
  // Accounts belong to an organization: registering on the apex is refused.
  "POST /auth/register": ["ok", "ok", "ok", "ok", "ok", "refused"],
  "POST /auth/register-organization": ANYONE,
  "GET /auth/profile": OWN_ACCOUNT,
  "PUT /auth/profile": OWN_ACCOUNT,
  "POST /auth/profile/email": OWN_ACCOUNT,
  "DELETE /auth/profile/email": OWN_ACCOUNT,
  // A person's own sessions (My Profile): each role ends a spare session of its own (requests.ts DISPOSABLE).
  "GET /auth/sessions": OWN_ACCOUNT,
  "DELETE /auth/sessions": OWN_ACCOUNT,
  "DELETE /auth/sessions/{sessionId}": OWN_ACCOUNT,
  // The confirmation link works without a session, only on its account's host.
  "POST /auth/confirm-email/{token}": ["ok", "ok", "ok", "ok", "ok", "refused"],
  "POST /auth/forgot-password": ANYONE,
  // A reset token works only on its account's host.
  "POST /auth/reset-password/{token}": ["ok", "ok", "ok", "ok", "ok", "refused"],
  "GET /api/courses": TENANT_PUBLIC,
  "POST /api/courses": COURSE_EDITORS,
  "GET /api/courses/{courseId}": COURSE_READERS,
  "PATCH /api/courses/{courseId}": COURSE_EDITORS,
  "DELETE /api/courses/{courseId}": COURSE_EDITORS,
  "PUT /api/courses/{courseId}/thumbnail": COURSE_EDITORS,
  "DELETE /api/courses/{courseId}/thumbnail": COURSE_EDITORS,
  // Whoever writes rich text of the organization (courses:update:own or questions:manage).
  "POST /api/content-images": COURSE_EDITORS,
  "GET /api/courses/{courseId}/placeholder": TENANT_PUBLIC,
  "GET /api/courses/{courseId}/outline": COURSE_READERS,
  "PUT /api/courses/{courseId}/outline": COURSE_EDITORS,
  "POST /api/courses/{courseId}/modules": COURSE_EDITORS,
  "PATCH /api/courses/{courseId}/modules/{moduleId}": COURSE_EDITORS,
  "DELETE /api/courses/{courseId}/modules/{moduleId}": COURSE_EDITORS,
  "POST /api/courses/{courseId}/modules/{moduleId}/lessons": COURSE_EDITORS,
  "GET /api/courses/{courseId}/lessons/{lessonId}": COURSE_READERS,
  "PATCH /api/courses/{courseId}/lessons/{lessonId}": COURSE_EDITORS,
  "DELETE /api/courses/{courseId}/lessons/{lessonId}": COURSE_EDITORS,
  "PUT /api/courses/{courseId}/lessons/{lessonId}/file": COURSE_EDITORS,
  "GET /api/courses/{courseId}/lessons/{lessonId}/media": COURSE_READERS,
  "PUT /api/courses/{courseId}/lessons/{lessonId}/scorm": COURSE_EDITORS,
  // Editors who are not enrolled get an untracked preview.
  "GET /api/courses/{courseId}/lessons/{lessonId}/scorm/launch": COURSE_READERS,
  "POST /api/scorm-tracking": ATTEMPT_OWNER,
  "GET /api/courses/{courseId}/lessons/{lessonId}/cmi5": COURSE_READERS,
  "PUT /api/courses/{courseId}/lessons/{lessonId}/cmi5": COURSE_EDITORS,
  // A learner launches for themselves; editors also for other actors (a test harness).
  "POST /api/courses/{courseId}/lessons/{lessonId}/cmi5/launch": COURSE_READERS,
  "POST /api/cmi5/registrations/{registrationId}/waive": COURSE_EDITORS,
  "POST /api/cmi5/sessions/{cmi5SessionId}/abandon": COURSE_EDITORS,
  // The content host: the runtime page, the package's files and the commits of the token's attempt.
  "GET /scorm/runtime/{contentToken}": TOKEN_HOLDERS,
  "GET /scorm/files/{contentToken}/{path}": TOKEN_HOLDERS,
  "HEAD /scorm/files/{contentToken}/{path}": TOKEN_HOLDERS,
  "POST /scorm/commits/{contentToken}": TOKEN_HOLDERS,
  "GET /api/categories": TENANT_PUBLIC,
  "POST /api/categories": ORG_ADMINS,
  "PATCH /api/categories/{categoryId}": ORG_ADMINS,
  "DELETE /api/categories/{categoryId}": ORG_ADMINS,
  "GET /api/courses/{courseId}/enrollments": COURSE_EDITORS,
  "POST /api/courses/{courseId}/enrollments": COURSE_EDITORS,
  "PATCH /api/enrollments/{enrollmentId}": COURSE_EDITORS,
  // Unenrolling: the learner themselves, or the course's editors.
  "DELETE /api/enrollments/{enrollmentId}": COURSE_READERS,
  "GET /api/courses/{courseId}/progress": COURSE_READERS,
  // Progress is kept for enrolled learners only.
  "PUT /api/courses/{courseId}/lessons/{lessonId}/progress": [
    "unauthenticated",
    "ok",
    "conflict",
    "conflict",
    "conflict",
    "absent",
  ],
  "GET /api/dashboard": COURSE_READERS,
  // Groups: instructors and administrators (an instructor the groups they made or whose course they teach).
  "GET /api/admin/groups": COURSE_EDITORS,
  "POST /api/admin/groups": COURSE_EDITORS,
  "GET /api/admin/groups/{groupId}": COURSE_EDITORS,
  "PATCH /api/admin/groups/{groupId}": COURSE_EDITORS,
  "DELETE /api/admin/groups/{groupId}": COURSE_EDITORS,
  "GET /api/admin/groups/{groupId}/members": COURSE_EDITORS,
  "POST /api/admin/groups/{groupId}/members": COURSE_EDITORS,
  "DELETE /api/admin/groups/{groupId}/members/{userId}": COURSE_EDITORS,
  "POST /api/admin/groups/{groupId}/courses": COURSE_EDITORS,
  "DELETE /api/admin/groups/{groupId}/courses/{courseId}": COURSE_EDITORS,
  // Question banks (questions:manage): an instructor the banks they made (the world's is the instructor's), administrators every one.
  // Quizzes: the settings, regrading, statistics and the grading queue are the course's editors'; an attempt is its learner's
  // alone, and only an enrolled learner starts one (editors who are not enrolled: 409).
  "GET /api/courses/{courseId}/lessons/{lessonId}/quiz": COURSE_EDITORS,
  "PUT /api/courses/{courseId}/lessons/{lessonId}/quiz": COURSE_EDITORS,
  "POST /api/courses/{courseId}/lessons/{lessonId}/quiz/regrade": COURSE_EDITORS,
  "GET /api/courses/{courseId}/lessons/{lessonId}/quiz/statistics": COURSE_EDITORS,
  "GET /api/courses/{courseId}/lessons/{lessonId}/quiz/statistics/export": COURSE_EDITORS,
  "GET /api/courses/{courseId}/quiz-grading": COURSE_EDITORS,
  "GET /api/courses/{courseId}/lessons/{lessonId}/quiz/attempts": COURSE_READERS,
  "POST /api/courses/{courseId}/lessons/{lessonId}/quiz/attempts": [
    "unauthenticated",
    "ok",
    "conflict",
    "conflict",
    "conflict",
    "absent",
  ],
  "GET /api/quiz-attempts/{attemptId}": ATTEMPT_OWNER,
  "PUT /api/quiz-attempts/{attemptId}/answers/{position}": ATTEMPT_OWNER,
  "POST /api/quiz-attempts/{attemptId}/submit": ATTEMPT_OWNER,
  "POST /api/quiz-attempts/{attemptId}/answers/{position}/check": ATTEMPT_OWNER,
  "GET /api/quiz-attempts/{attemptId}/review": ATTEMPT_OWNER,
  "PUT /api/quiz-attempts/{attemptId}/answers/{position}/grade": COURSE_EDITORS,
  "GET /api/question-banks": COURSE_EDITORS,
  "POST /api/question-banks": COURSE_EDITORS,
  "GET /api/question-banks/{bankId}": COURSE_EDITORS,
  "PATCH /api/question-banks/{bankId}": COURSE_EDITORS,
  "DELETE /api/question-banks/{bankId}": COURSE_EDITORS,
  "GET /api/question-banks/{bankId}/questions": COURSE_EDITORS,
  "POST /api/question-banks/{bankId}/questions": COURSE_EDITORS,
  "GET /api/question-banks/{bankId}/questions/{questionId}": COURSE_EDITORS,
  "PUT /api/question-banks/{bankId}/questions/{questionId}": COURSE_EDITORS,
  "PATCH /api/question-banks/{bankId}/questions/{questionId}": COURSE_EDITORS,
  "GET /api/question-banks/{bankId}/questions/{questionId}/versions/{version}": COURSE_EDITORS,
  "GET /api/question-banks/{bankId}/export": COURSE_EDITORS,
  "POST /api/question-banks/{bankId}/imports": COURSE_EDITORS,
  "GET /api/question-banks/{bankId}/imports/{questionImportId}": COURSE_EDITORS,
  "POST /api/question-banks/{bankId}/imports/{questionImportId}/run": COURSE_EDITORS,
  // The user administration (users:manage).
  "GET /api/admin/users": ORG_ADMINS,
  "POST /api/admin/users": ORG_ADMINS,
  "GET /api/admin/users/{userId}": ORG_ADMINS,
  "PATCH /api/admin/users/{userId}": ORG_ADMINS,
  "DELETE /api/admin/users/{userId}": ORG_ADMINS,
  "POST /api/admin/users/bulk": ORG_ADMINS,
  "POST /api/admin/users/{userId}/invitation": ORG_ADMINS,
  "DELETE /api/admin/users/{userId}/sessions": ORG_ADMINS,
  // The staff's pickers (enrollments:manage).
  "GET /api/users": COURSE_EDITORS,
  // Organizations: an admin reads and edits their own; the superadmin every one, and alone suspends and moves them.
  "GET /api/admin/organizations": ORGANIZATION_ADMINS,
  "POST /api/admin/organizations": SUPERADMIN_ONLY,
  "GET /api/admin/organizations/{organizationId}": ORGANIZATION_ADMINS,
  "PATCH /api/admin/organizations/{organizationId}": ORGANIZATION_ADMINS,
  "PUT /api/admin/organizations/{organizationId}/logo": ORGANIZATION_ADMINS,
  "DELETE /api/admin/organizations/{organizationId}/logo": ORGANIZATION_ADMINS,
  "PUT /api/admin/organizations/{organizationId}/status": SUPERADMIN_ONLY,
  "PUT /api/admin/organizations/{organizationId}/subdomain": SUPERADMIN_ONLY,
  // Settings: instructors and org admins read the teaching settings, only admins (the superadmin: the platform's) write.
  "GET /api/admin/settings": ["unauthenticated", "forbidden", "ok", "ok", "ok", "ok"],
  "PATCH /api/admin/settings": ORGANIZATION_ADMINS,
  "GET /api/admin/settings/smtp": ORGANIZATION_ADMINS,
  "PUT /api/admin/settings/smtp": ORGANIZATION_ADMINS,
  // Nobody has saved a mail server in the test world: the test e-mail is refused with a 409 saying so.
  "POST /api/admin/settings/smtp/test": [
    "unauthenticated",
    "forbidden",
    "forbidden",
    "forbidden",
    "conflict",
    "conflict",
  ],
  // Single sign-on: the organization's identity providers are its admins' (settings:manage); the apex has none.
  "GET /api/admin/identity-providers": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/identity-providers": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/identity-providers/drafts": ADMINS_OF_ORGANIZATION,
  "GET /api/admin/identity-providers/{providerId}": ADMINS_OF_ORGANIZATION,
  "PUT /api/admin/identity-providers/{providerId}": ADMINS_OF_ORGANIZATION,
  "DELETE /api/admin/identity-providers/{providerId}": ADMINS_OF_ORGANIZATION,
  // Webhooks: the organization's endpoints are its admins' (settings:manage); the apex has none.
  "GET /api/admin/webhooks": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/webhooks": ADMINS_OF_ORGANIZATION,
  "GET /api/admin/webhooks/{endpointId}": ADMINS_OF_ORGANIZATION,
  "PATCH /api/admin/webhooks/{endpointId}": ADMINS_OF_ORGANIZATION,
  "DELETE /api/admin/webhooks/{endpointId}": ADMINS_OF_ORGANIZATION,
  "GET /api/admin/webhooks/{endpointId}/secret": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/webhooks/{endpointId}/secret/roll": ADMINS_OF_ORGANIZATION,
  "GET /api/admin/webhooks/{endpointId}/deliveries": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/webhooks/{endpointId}/deliveries/resend": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/webhooks/{endpointId}/deliveries/{deliveryId}/resend": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/webhooks/{endpointId}/test": ADMINS_OF_ORGANIZATION,
  "GET /api/admin/sign-in-policy": ADMINS_OF_ORGANIZATION,
  // API keys (api-keys:manage): the organization's admins in person; the apex has none.
  "GET /api/admin/api-keys": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/api-keys": ADMINS_OF_ORGANIZATION,
  "DELETE /api/admin/api-keys/{keyId}": ADMINS_OF_ORGANIZATION,
  // LRS clients: managed as API keys are.
  "GET /api/admin/lrs-clients": ADMINS_OF_ORGANIZATION,
  "POST /api/admin/lrs-clients": ADMINS_OF_ORGANIZATION,
  "DELETE /api/admin/lrs-clients/{clientId}": ADMINS_OF_ORGANIZATION,
  "PUT /api/admin/sign-in-policy": ADMINS_OF_ORGANIZATION,
  // The browser's sign-in through one: a redirect for anyone (the world's provider has no secret, so back to
  // /login saying so); the apex has no providers.
  "GET /auth/sso/{providerId}": ["other", "other", "other", "other", "other", "absent"],
  "GET /auth/sso/{providerId}/callback": ["other", "other", "other", "other", "other", "absent"],
  // The SAML doors, of the world's SAML provider that has no key pair yet: its metadata and single logout
  // service refuse as not set up (403), its ACS sends the browser back to /login saying so.
  "GET /auth/sso/{providerId}/metadata": ["forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "absent"],
  "POST /auth/sso/{providerId}/acs": ["other", "other", "other", "other", "other", "absent"],
  "GET /auth/sso/{providerId}/slo": ["forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "absent"],
  "POST /auth/sso/{providerId}/slo": ["forbidden", "forbidden", "forbidden", "forbidden", "forbidden", "absent"],
  // Logging out: anyone, signed in or not, on any host (a session signed in through a provider is ended there too).
  "POST /auth/logout": ANYONE,
  "GET /api/admin/audit-log": AUDIT_READERS,
  "GET /api/admin/audit-log/export": AUDIT_READERS,
  // CSV user imports (import-export:use): admins in their organization, the superadmin in any. The upload
  // is refused on the apex without ?organization_id= (the suites send no query the route does not need).
  "GET /api/admin/imports": ORGANIZATION_ADMINS,
  "POST /api/admin/imports": ["unauthenticated", "forbidden", "forbidden", "forbidden", "ok", "refused"],
  "GET /api/admin/imports/{importId}": ORGANIZATION_ADMINS,
  "PUT /api/admin/imports/{importId}/mapping": ORGANIZATION_ADMINS,
  "POST /api/admin/imports/{importId}/dry-run": ORGANIZATION_ADMINS,
  "POST /api/admin/imports/{importId}/run": ORGANIZATION_ADMINS,
  "POST /api/admin/imports/{importId}/cancel": ORGANIZATION_ADMINS,
  "GET /api/admin/imports/{importId}/rows": ORGANIZATION_ADMINS,
  "GET /api/admin/imports/{importId}/report": ORGANIZATION_ADMINS,
  // The CSV exports (import-export:use): an admin, their organization; the superadmin, the one named (organization_id).
  "GET /api/admin/exports/users": ORGANIZATION_ADMINS,
  "GET /api/admin/exports/courses": ORGANIZATION_ADMINS,
  "GET /api/admin/exports/enrollments": ORGANIZATION_ADMINS,
  "GET /api/admin/exports/group-memberships": ORGANIZATION_ADMINS,
  "GET /api/admin/exports/scorm-results": ORGANIZATION_ADMINS,
  "GET /api/admin/exports/certificates": ORGANIZATION_ADMINS,
  "GET /api/messages/unread-count": OWN_ACCOUNT,
  // Reports (docs/permissions.md "Reports"): learners have none; the per-organization table is the superadmin's.
  "GET /api/reports/overview": REPORT_READERS,
  "GET /api/reports/courses": REPORT_READERS,
  "GET /api/reports/courses/export": REPORT_READERS,
  "GET /api/reports/courses/{courseId}/lessons": REPORT_READERS,
  "GET /api/reports/courses/{courseId}/lessons/export": REPORT_READERS,
  "GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners": REPORT_READERS,
  "GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners/export": REPORT_READERS,
  "GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners/{userId}/attempts": REPORT_READERS,
  "GET /api/reports/groups": REPORT_READERS,
  "GET /api/reports/groups/export": REPORT_READERS,
  "GET /api/reports/learners": REPORT_READERS,
  "GET /api/reports/learners/export": REPORT_READERS,
  "GET /api/reports/learners/{userId}": REPORT_READERS,
  "GET /api/reports/learners/{userId}/export": REPORT_READERS,
  "GET /api/reports/certificates": REPORT_READERS,
  "GET /api/reports/certificates/export": REPORT_READERS,
  "GET /api/reports/organizations": SUPERADMIN_ONLY,
  "GET /api/reports/organizations/export": SUPERADMIN_ONLY,
  "POST /api/reports/refresh": REPORT_READERS,
  // Messages (docs/permissions.md "Messages"): the learner writes to the instructor of their course.
  "GET /api/messages/threads": ORGANIZATION_MEMBERS,
  "POST /api/messages/threads": ORGANIZATION_MEMBERS,
  "GET /api/messages/threads/{threadId}": THREAD_PARTICIPANTS,
  "PATCH /api/messages/threads/{threadId}": THREAD_PARTICIPANTS,
  "POST /api/messages/threads/{threadId}/messages": THREAD_PARTICIPANTS,
  "GET /api/messages/recipients": ORGANIZATION_MEMBERS,
  // Events: administrators every event; an instructor those of the courses they teach (the world's event
  // and the request's audience are the instructor's course) and the groups they manage.
  "GET /api/events": COURSE_EDITORS,
  "POST /api/events": COURSE_EDITORS,
  "GET /api/events/{eventId}": COURSE_EDITORS,
  "PATCH /api/events/{eventId}": COURSE_EDITORS,
  "DELETE /api/events/{eventId}": COURSE_EDITORS,
  // The calendar and its settings: everyone signed in to an organization (the apex has none).
  "GET /api/calendar": COURSE_READERS,
  "GET /api/calendar/settings": COURSE_READERS,
  "PATCH /api/calendar/settings": COURSE_READERS,
  "POST /api/calendar/feed": COURSE_READERS,
  "DELETE /api/calendar/feed": COURSE_READERS,
  // The feed: no session, the secret is the key, on its organization's host only.
  "GET /api/calendar/feed/{secret}.ics": TENANT_PUBLIC,
  // Certificates: templates are kept by instructors and admins (certificates:manage), a course's settings by its
  // editors; a learner reads their own certificates, the organization's admins anyone's (the instructor is
  // not the world's certificate's learner: a 404).
  "GET /api/certificate-templates": COURSE_EDITORS,
  "POST /api/certificate-templates": COURSE_EDITORS,
  "GET /api/certificate-templates/{templateId}": COURSE_EDITORS,
  "PATCH /api/certificate-templates/{templateId}": COURSE_EDITORS,
  "DELETE /api/certificate-templates/{templateId}": COURSE_EDITORS,
  "GET /api/courses/{courseId}/certificate": COURSE_EDITORS,
  "PUT /api/courses/{courseId}/certificate": COURSE_EDITORS,
  "GET /api/certificates": ORGANIZATION_MEMBERS,
  "GET /api/certificates/{certificateId}/pdf": ["unauthenticated", "ok", "absent", "ok", "ok", "absent"],
  // Revoking and re-issuing: the organization's administrators (certificates:revoke); the apex has no certificates.
  "POST /api/certificates/{certificateId}/revoke": ORG_ADMINS,
  "POST /api/certificates/{certificateId}/reissue": ORG_ADMINS,
  "GET /api/openapi.json": ANYONE,
  "GET /api/health": ANYONE,
  "GET /api/ready": ANYONE,
};
