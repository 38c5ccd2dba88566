import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { createCourse, enroll } from "@/test/course-factories";
import { testDb, uniqueName, type TestUser } from "@/test/factories";
import { fixtureZip } from "@/test/scorm-zips";
import { multipartBody } from "@/test/session";
import type { ApiOperation, IdPosition, JsonSchema } from "./api-operations";
import { isUuid } from "./api-operations";
import {
  spareCertificate,
  spareEmailChangeToken,
  spareIdentityProvider,
  spareImport,
  spareQuestionImport,
  spareApiKey,
  spareLrsClient,
  cmi5CourseXml,
  spareCmi5Registration,
  spareCmi5Session,
  spareQuizAttempt,
  spareSession,
  spareWebhookDelivery,
  spareWebhookEndpoint,
  type TenantWorld,
} from "./world";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";

// THE table of the security suites: where each id position of the API takes its id from, and the few
// operations whose valid request the generic generator cannot guess. A route added later teaches it its
// id positions here (the suites fail naming any position they cannot fill).

type IdSource = (tenant: TenantWorld, op: ApiOperation) => string;

/** The lesson a lesson route is about: the SCORM lesson for SCORM routes, the file lesson for files. */
function lessonFor(tenant: TenantWorld, op: ApiOperation): string {
  if (op.path.includes("/scorm")) return tenant.ids.scormLessonId;
  if (op.path.includes("/cmi5")) return tenant.ids.cmi5LessonId;
  if (op.path.includes("/quiz")) return tenant.ids.quizLessonId;
  if (op.path.endsWith("/file") || op.path.endsWith("/media")) return tenant.ids.fileLessonId;
  return tenant.ids.textLessonId;
}

export const ID_SOURCES: Record<string, IdSource> = {
  "path:courseId": (t) => t.ids.courseId,
  "path:moduleId": (t) => t.ids.moduleId,
  "path:lessonId": lessonFor,
  "path:categoryId": (t) => t.ids.categoryId,
  "path:enrollmentId": (t) => t.ids.enrollmentId,
  "path:token": (t, op) => (op.path.includes("confirm-email") ? t.emailChangeToken : t.resetToken),
  "path:groupId": (t) => t.ids.groupId,
  "path:userId": (t) => t.ids.learnerId,
  "path:threadId": (t) => t.ids.threadId,
  "query:after": (t) => t.ids.messageId,
  "query:before": (t) => t.ids.messageId,
  "body:recipient_ids.*": (t) => t.ids.instructorId,
  "body:group_id": (t) => t.ids.groupId,
  "path:organizationId": (t) => t.id,
  "query:organization_id": (t) => t.id,
  "path:eventId": (t) => t.ids.eventId,
  // The SAML doors take the SAML provider; the others the OpenID Connect one.
  "path:providerId": (t, op) =>
    /\/auth\/sso\/\{providerId\}\/(metadata|acs|slo)$/.test(op.path) ? t.ids.samlProviderId : t.ids.providerId,
  "body:breakGlassUserIds.*": (t) => t.ids.learnerId,
  "path:importId": (t) => t.ids.importId,
  // The iCal feed's secret (not an id): the one of a learner no other call of the suites rotates.
  "path:secret": (t) => t.feedSecret,
  "body:course_id": (t) => t.ids.courseId,
  "query:category_id": (t) => t.ids.categoryId,
  "query:group_id": (t) => t.ids.groupId,
  "query:course_id": (t) => t.ids.courseId,
  "query:user_id": (t) => t.ids.learnerId,
  "body:category_id": (t) => t.ids.categoryId,
  "body:instructor_ids.*": (t) => t.ids.instructorId,
  "body:user_ids.*": (t) => t.ids.learnerId,
  "body:group_ids.*": (t) => t.ids.groupId,
  "body:modules.*.id": (t) => t.ids.moduleId,
  "body:modules.*.lesson_ids.*": (t) => t.ids.textLessonId,
  "body:commits.*.attemptId": (t) => t.ids.attemptId,
  "body:lessonId": (t) => t.ids.scormLessonId,
  // The content host's routes: the learner's launch token (its package, its attempt) and a real file of
  // that package (the SCO's launch file, without its query string).
  "path:contentToken": (t) => t.contentToken,
  "path:path": (t) => t.files.scormFile.split("/").slice(4).join("/"),
  "path:templateId": (t) => t.ids.templateId,
  "path:certificateId": (t) => t.ids.certificateId,
  "path:sessionId": (t) => t.ids.sessionId,
  "path:endpointId": (t) => t.ids.webhookEndpointId,
  "path:deliveryId": (t) => t.ids.webhookDeliveryId,
  "body:template_id": (t) => t.ids.templateId,
  "path:keyId": (t) => t.ids.apiKeyId,
  "path:clientId": (t) => t.ids.lrsClientId,
  "path:registrationId": (t) => t.ids.cmi5RegistrationId,
  "body:registration": (t) => t.ids.cmi5RegistrationId,
  "path:cmi5SessionId": (t) => t.ids.cmi5SessionId,
  "path:bankId": (t) => t.ids.questionBankId,
  "path:questionId": (t) => t.ids.questionId,
  "path:version": () => "1",
  "query:parent_id": (t) => t.ids.questionBankId,
  "body:parent_id": (t) => t.ids.questionBankId,
  "body:bank_id": (t) => t.ids.questionBankId,
  "path:questionImportId": (t) => t.ids.questionImportId,
  "path:attemptId": (t) => t.ids.quizAttemptId,
  "path:position": () => "1",
  "body:slots.*.question_id": (t) => t.ids.questionId,
  "body:slots.*.bank_id": (t) => t.ids.questionBankId,
};

/**
 * Positions that name nothing of the organization's by themselves: a file's path inside the package the
 * token grants is the same in every organization (the token says whose package it is); a question's
 * version number is that question's, and a question's position in a quiz attempt that attempt's.
 */
export const NOT_OWNED_POSITIONS = new Set(["path:path", "path:version", "path:position"]);

/** The id positions of an operation that the table cannot fill: a new route must teach them. */
export function unknownIdPositions(op: ApiOperation): string[] {
  return op.idPositions.filter((p) => !(p.key in ID_SOURCES)).map((p) => p.key);
}

/**
 * Operations that end the very session they are called with: the suites call them with a fresh sign-in
 * of the same person, so the role's own token keeps working for the calls after.
 */
export const ENDS_CALLERS_SESSION = new Set(["POST /auth/logout"]);

export interface Caller {
  /** The caller's own account, if signed in (a public operation like sign-in uses its credentials). */
  user: TestUser | null;
}

/** An id position replaced by another id (the cross-tenant sweep puts another organization's there). */
export interface Substitution {
  position: IdPosition;
  id: string;
}

export interface BuiltRequest {
  method: string;
  path: string;
  body?: string | Buffer;
  headers: Record<string, string>;
}

/**
 * Operations that destroy or use up what they are called on get a thing of their own per call, so the
 * next call (another role's) still finds the world as built.
 */
const DISPOSABLE: Record<string, (tenant: TenantWorld, caller: Caller) => Promise<Record<string, string>>> = {
  // A session of the caller's own beside the one it calls with (ending that one would sign the role out).
  "DELETE /auth/sessions/{sessionId}": async (_t, caller): Promise<Record<string, string>> =>
    caller.user ? { "path:sessionId": (await spareSession(caller.user.id)).id } : {},
  "DELETE /api/admin/users/{userId}/sessions": async (t) => {
    const user = await testDb().user.create({ data: spareUser(t), select: { id: true } });
    await spareSession(user.id);
    return { "path:userId": user.id };
  },
  // Waiving uses an AU of a registration up, abandoning a session: each call gets its own.
  "POST /api/cmi5/registrations/{registrationId}/waive": async (t) => ({
    "path:registrationId": (await spareCmi5Registration(t)).id,
  }),
  "POST /api/cmi5/sessions/{cmi5SessionId}/abandon": async (t) => ({
    "path:cmi5SessionId": (await spareCmi5Session(t)).id,
  }),
  // Submitting uses an attempt up, and grading needs a submitted one: each call gets its own.
  "POST /api/quiz-attempts/{attemptId}/submit": async (t) => ({
    "path:attemptId": await spareQuizAttempt(t, "in_progress"),
  }),
  "PUT /api/quiz-attempts/{attemptId}/answers/{position}/grade": async (t) => ({
    "path:attemptId": await spareQuizAttempt(t, "graded"),
  }),
  // Checking needs a saved answer in a quiz that shows feedback immediately.
  "POST /api/quiz-attempts/{attemptId}/answers/{position}/check": async (t) => ({
    "path:attemptId": await spareQuizAttempt(t, "checkable"),
  }),
  "DELETE /api/courses/{courseId}": async (t) => ({
    "path:courseId": (await createCourse(t.id, { instructorIds: [t.ids.instructorId] })).id,
  }),
  "PUT /api/courses/{courseId}/thumbnail": async (t) => ({
    "path:courseId": (await createCourse(t.id, { instructorIds: [t.ids.instructorId] })).id,
  }),
  "DELETE /api/courses/{courseId}/thumbnail": async (t) => ({
    "path:courseId": (await createCourse(t.id, { instructorIds: [t.ids.instructorId] })).id,
  }),
  "DELETE /api/courses/{courseId}/modules/{moduleId}": async (t) => {
    const course = await createCourse(t.id, { instructorIds: [t.ids.instructorId], modules: [{ lessons: [] }] });
    return { "path:courseId": course.id, "path:moduleId": course.modules[0]!.id };
  },
  "DELETE /api/courses/{courseId}/lessons/{lessonId}": async (t) => {
    const course = await createCourse(t.id, { instructorIds: [t.ids.instructorId], modules: [{ lessons: [{}] }] });
    return { "path:courseId": course.id, "path:lessonId": course.lessons[0]!.id };
  },
  "DELETE /api/categories/{categoryId}": async (t) => ({
    "path:categoryId": (await testDb().category.create({ data: { organizationId: t.id, name: uniqueName("Spare ") } }))
      .id,
  }),
  "DELETE /api/enrollments/{enrollmentId}": async (t) => {
    const course = await createCourse(t.id, { instructorIds: [t.ids.instructorId] });
    return { "path:enrollmentId": (await enroll(t.id, course.id, t.ids.learnerId)).id };
  },
  "PATCH /api/enrollments/{enrollmentId}": async (t) => {
    const course = await createCourse(t.id, { instructorIds: [t.ids.instructorId] });
    return { "path:enrollmentId": (await enroll(t.id, course.id, t.ids.learnerId)).id };
  },
  "DELETE /api/admin/groups/{groupId}": async (t) => ({ "path:groupId": (await spareGroup(t)).id }),
  "DELETE /api/certificate-templates/{templateId}": async (t) => ({
    "path:templateId": (
      await testDb().certificateTemplate.create({
        data: { organizationId: t.id, name: uniqueName("Spare template "), design: DEFAULT_DESIGN },
      })
    ).id,
  }),
  "DELETE /api/events/{eventId}": async (t) => ({ "path:eventId": (await spareEvent(t)).id }),
  "DELETE /api/question-banks/{bankId}": async (t) => ({
    "path:bankId": (
      await testDb().questionBank.create({
        data: { organizationId: t.id, name: uniqueName("Spare bank "), createdById: t.ids.instructorId },
      })
    ).id,
  }),
  "POST /api/certificates/{certificateId}/revoke": async (t) => ({ "path:certificateId": await spareCertificate(t) }),
  "POST /api/certificates/{certificateId}/reissue": async (t) => ({ "path:certificateId": await spareCertificate(t) }),
  "DELETE /api/admin/groups/{groupId}/members/{userId}": async (t) => ({
    "path:groupId": (await spareGroup(t, { members: [t.ids.learnerId] })).id,
  }),
  "POST /api/admin/groups/{groupId}/courses": async (t) => ({ "path:groupId": (await spareGroup(t)).id }),
  "DELETE /api/admin/groups/{groupId}/courses/{courseId}": async (t) => ({
    "path:groupId": (await spareGroup(t, { courses: [t.ids.courseId] })).id,
  }),
  // Suspending or moving the organization the world is built in would break every later call.
  "PUT /api/admin/organizations/{organizationId}/status": async () => ({
    "path:organizationId": await spareOrganization(),
  }),
  "PUT /api/admin/organizations/{organizationId}/subdomain": async () => ({
    "path:organizationId": await spareOrganization(),
  }),
  "DELETE /api/admin/users/{userId}": async (t) => ({
    "path:userId": (await testDb().user.create({ data: spareUser(t), select: { id: true } })).id,
  }),
  // Someone who has never signed in (an invitation goes only to them).
  "POST /api/admin/users/{userId}/invitation": async (t) => ({
    "path:userId": (await testDb().user.create({ data: spareUser(t), select: { id: true } })).id,
  }),
  "POST /auth/confirm-email/{token}": async (t) => ({ "path:token": await spareEmailChangeToken(t.id) }),
  "DELETE /api/admin/webhooks/{endpointId}": async (t) => ({ "path:endpointId": await spareWebhookEndpoint(t) }),
  "POST /api/admin/webhooks/{endpointId}/deliveries/{deliveryId}/resend": async (t) => ({
    "path:deliveryId": await spareWebhookDelivery(t, t.ids.webhookEndpointId),
  }),
  // Revoking uses the key up.
  "DELETE /api/admin/api-keys/{keyId}": async (t) => ({
    "path:keyId": (await spareApiKey(t.id, t.users.admin.id, t.marker, ["users:manage"])).id,
  }),
  "DELETE /api/admin/lrs-clients/{clientId}": async (t) => ({
    "path:clientId": (await spareLrsClient(t.id, t.users.admin.id, t.marker)).id,
  }),
  "DELETE /api/admin/identity-providers/{providerId}": async (t) => ({
    "path:providerId": (await spareIdentityProvider(t.id, t.marker)).id,
  }),
  // An import's dry run, run and cancel move it on (and a mapping change stops a dry run): one each.
  "PUT /api/admin/imports/{importId}/mapping": async (t) => ({ "path:importId": await spareImport(t, "uploaded") }),
  "POST /api/admin/imports/{importId}/dry-run": async (t) => ({ "path:importId": await spareImport(t, "uploaded") }),
  "POST /api/admin/imports/{importId}/run": async (t) => ({ "path:importId": await spareImport(t, "checked") }),
  "POST /api/admin/imports/{importId}/cancel": async (t) => ({ "path:importId": await spareImport(t, "checked") }),
  "POST /api/question-banks/{bankId}/imports/{questionImportId}/run": async (t) => ({
    "path:questionImportId": await spareQuestionImport(t, t.ids.questionBankId),
  }),
  "POST /auth/reset-password/{token}": async (t) => {
    const token = randomBytes(32).toString("base64url");
    await testDb().passwordResetToken.create({
      data: {
        userId: (await testDb().user.create({ data: spareUser(t) })).id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    return { "path:token": token };
  },
};

/**
 * Waits until the background work a call started in the organization is done (an import's dry run or
 * run, the invitations of the people it created, the webhook deliveries it queued), so the next call's
 * row snapshot sees it settled.
 */
export async function settleBackgroundWork(organizationId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [busy, owed, undelivered, questionImports] = await Promise.all([
      testDb().userImport.count({ where: { organizationId, status: { in: ["checking", "running"] } } }),
      testDb().userImportRow.count({ where: { organizationId, invite: true, invitedAt: null } }),
      testDb().webhookDelivery.count({ where: { organizationId, state: "pending" } }),
      testDb().questionImport.count({ where: { organizationId, status: { in: ["checking", "running"] } } }),
    ]);
    if (busy + owed + undelivered + questionImports === 0) return;
    if (Date.now() > deadline)
      throw new Error(`background work of organization ${organizationId} still going after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An organization of its own, with nobody in it. */
async function spareOrganization(): Promise<string> {
  const subdomain = uniqueName("spare");
  return (await testDb().organization.create({ data: { name: `Spare ${subdomain}`, subdomain }, select: { id: true } }))
    .id;
}

/** A group of the organization's instructor (so they manage it too), with members and courses if asked. */
async function spareGroup(t: TenantWorld, extra: { members?: string[]; courses?: string[] } = {}) {
  const organizationId = t.id;
  const group = await testDb().group.create({
    data: { organizationId, name: uniqueName("Spare group "), createdById: t.ids.instructorId },
    select: { id: true },
  });
  await testDb().groupMember.createMany({
    data: (extra.members ?? []).map((userId) => ({ organizationId, groupId: group.id, userId })),
  });
  await testDb().groupCourse.createMany({
    data: (extra.courses ?? []).map((courseId) => ({ organizationId, groupId: group.id, courseId })),
  });
  return group;
}

/** An event of the course the organization's instructor teaches (so they manage it too). */
function spareEvent(t: TenantWorld) {
  const startsAt = new Date(Date.now() + 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  return testDb().event.create({
    data: {
      organizationId: t.id,
      title: uniqueName("Spare event "),
      startsAt,
      endsAt,
      seriesEndsAt: endsAt,
      courseId: t.ids.courseId,
    },
    select: { id: true },
  });
}

const spareUser = (t: TenantWorld) => {
  const username = uniqueName("spare");
  return {
    organizationId: t.id,
    role: "learner" as const,
    email: `${username}@example.test`,
    username,
    firstName: "Spare",
    lastName: "User",
    passwordHash: "x",
  };
};

let commitSequence = 1000;

/** Bodies the generator cannot guess: they must match the world, not only the schema. */
const BODIES: Record<
  string,
  (t: TenantWorld, caller: Caller, generated: Record<string, unknown>) => Promise<unknown> | unknown
> = {
  // A visitor signs in with an account of the organization (the learner's when the caller has none).
  "POST /auth/login": (t, caller) => ({
    email: (caller.user ?? t.users.learner).email,
    password: (caller.user ?? t.users.learner).password,
  }),
  "POST /auth/register": () => ({
    first_name: "New",
    last_name: "Learner",
    email: `${uniqueName("reg")}@example.test`,
    password: "Correct-Horse-42",
  }),
  "POST /auth/register-organization": () => ({
    organization: { name: "New organization", subdomain: uniqueName("neworg") },
    admin: {
      first_name: "New",
      last_name: "Admin",
      email: `${uniqueName("admin")}@example.test`,
      password: "Correct-Horse-42",
    },
  }),
  "POST /auth/forgot-password": (t, caller) => ({ email: (caller.user ?? t.users.learner).email }),
  "PUT /api/courses/{courseId}/outline": async (t) => {
    const modules = await testDb().module.findMany({
      where: { organizationId: t.id, courseId: t.ids.courseId },
      orderBy: { position: "asc" },
      select: { id: true, lessons: { orderBy: { position: "asc" }, select: { id: true } } },
    });
    return { modules: modules.map((m) => ({ id: m.id, lesson_ids: m.lessons.map((l) => l.id) })) };
  },
  "POST /scorm/commits/{contentToken}": (t) => ({
    commits: [
      {
        attemptId: t.ids.attemptId,
        scoId: t.scoId,
        sequence: (commitSequence += 1),
        cmi: { core: { lesson_status: "incomplete", score: { raw: "", min: "", max: "" } } },
      },
    ],
  }),
  "POST /api/courses/{courseId}/enrollments": (t) => ({ user_ids: [t.ids.learnerId] }),
  "POST /api/certificate-templates": () => ({ name: uniqueName("Template "), design: DEFAULT_DESIGN }),
  "PATCH /api/certificate-templates/{templateId}": () => ({ design: DEFAULT_DESIGN }),
  "POST /api/certificates/{certificateId}/revoke": () => ({ reason: "Issued in error" }),
  "POST /api/certificates/{certificateId}/reissue": () => ({ reason: "Name corrected" }),
  "PUT /api/courses/{courseId}/certificate": (t) => ({
    template_id: t.ids.templateId,
    validity_months: 12,
    reminder_days: 30,
    recertify_automatically: false,
  }),
  "POST /api/admin/organizations": () => ({
    name: "New organization",
    subdomain: uniqueName("created"),
    admin: { first_name: "First", last_name: "Admin", email: `${uniqueName("first")}@example.test` },
  }),
  // Settings writes that leave things as they were (the world's organization, and the platform's defaults for the superadmin).
  "PATCH /api/admin/organizations/{organizationId}": () => ({ allow_self_registration: true }),
  "PUT /api/admin/organizations/{organizationId}/status": () => ({ status: "suspended" }),
  "PUT /api/admin/organizations/{organizationId}/subdomain": () => ({ subdomain: uniqueName("moved") }),
  "PUT /api/admin/imports/{importId}/mapping": () => ({ mapping: { email: 0, first_name: 1, last_name: 2 } }),
  "PATCH /api/admin/settings": () => ({ courseDefaults: { allowSelfEnrollment: true, allowRetakes: false } }),
  "PUT /api/admin/settings/smtp": () => ({
    enabled: false,
    host: "",
    port: 587,
    security: "starttls",
    username: "",
    fromAddress: "",
    fromName: "",
  }),
  // An issuer on the tests' allow-listed loopback address: saved without a name to look up.
  "POST /api/admin/identity-providers": () => identityProviderBody(uniqueName("IdP "), "a-secret"),
  "PUT /api/admin/identity-providers/{providerId}": () => identityProviderBody(uniqueName("IdP ")),
  // OpenID Connect: no key pair to make on every request of the sweep.
  "POST /api/admin/identity-providers/drafts": () => ({ protocol: "oidc" }),
  // Webhook endpoints on the allow-listed loopback, wanting one rare event type (no deliveries to speak of).
  "POST /api/admin/webhooks": () => ({ url: "http://127.0.0.2:9/hook", eventTypes: ["certificate.expired"] }),
  "PATCH /api/admin/webhooks/{endpointId}": () => ({ description: uniqueName("Hook ") }),
  "POST /api/admin/webhooks/{endpointId}/deliveries/resend": () => ({ since: "2026-01-01T00:00:00Z" }),
  // Passwords stay allowed: the world's users keep signing in with theirs.
  "PUT /api/admin/sign-in-policy": (t) => ({ ssoOnly: false, breakGlassUserIds: [t.ids.learnerId] }),
  // Someone of their own to deactivate, so the world's learner stays signed in.
  "POST /api/admin/users/bulk": async (t) => ({
    action: "deactivate",
    user_ids: [(await testDb().user.create({ data: spareUser(t), select: { id: true } })).id],
  }),
  "POST /api/admin/users": (t) => ({
    first_name: "New",
    last_name: "Person",
    email: `${uniqueName("person")}@example.test`,
    role: "learner",
    group_ids: [t.ids.groupId],
  }),
  // The learner writes to the instructor of their course; staff may write to anyone, here the learner.
  "POST /api/messages/threads": (t, caller) => ({
    subject: `Question ${uniqueName("")}`,
    body: "Hello",
    recipient_ids: [caller.user?.id === t.ids.learnerId ? t.ids.instructorId : t.ids.learnerId],
  }),
  // A change of address needs the caller's own password.
  "POST /auth/profile/email": (t, caller) => ({
    email: `${uniqueName("new")}@example.test`,
    current_password: (caller.user ?? t.users.learner).password,
  }),
  // An event of the course the instructor teaches (an instructor may not hold organization-wide events).
  "POST /api/events": (t) => ({
    title: "Office hours",
    starts_at: "2026-03-19T10:00:00+01:00",
    ends_at: "2026-03-19T11:00:00+01:00",
    time_zone: "Europe/Berlin",
    course_id: t.ids.courseId,
  }),
  "PATCH /api/calendar/settings": () => ({ time_zone: "Europe/Berlin" }),
  "PATCH /api/question-banks/{bankId}": () => ({ description: uniqueName("Described ") }),
  "POST /api/question-banks/{bankId}/questions": () => sampleQuestion(),
  // The world's question is a single choice: an edit keeps the type.
  "PUT /api/question-banks/{bankId}/questions/{questionId}": () => sampleQuestion(),
  "PATCH /api/question-banks/{bankId}/questions/{questionId}": () => ({ tags: ["sample"] }),
  // The world's quiz as it was (its one question), with a draw from its bank that finds nothing to draw:
  // the learner's attempt in progress keeps what it drew, and nobody starts another.
  "PUT /api/courses/{courseId}/lessons/{lessonId}/quiz": (t) => ({
    slots: [
      { kind: "fixed", question_id: t.ids.questionId },
      { kind: "random", bank_id: t.ids.questionBankId, tags: ["none-such"], count: 1 },
    ],
  }),
  // The session the learner's attempt is held by now (a start or resume of the sweep's takes the next one).
  "PUT /api/quiz-attempts/{attemptId}/answers/{position}": async (t) => ({
    session: (
      await testDb().quizAttempt.findUniqueOrThrow({
        where: { id: t.ids.quizAttemptId },
        select: { sessionGeneration: true },
      })
    ).sessionGeneration,
    sequence: (commitSequence += 1),
    response: { choice_id: "c1" },
  }),
  "POST /api/quiz-attempts/{attemptId}/submit": () => ({ session: 1 }),
  "POST /api/quiz-attempts/{attemptId}/answers/{position}/check": () => ({ session: 1 }),
  "PUT /api/quiz-attempts/{attemptId}/answers/{position}/grade": () => ({ marks: 1, comment: "Well argued" }),
};

function sampleQuestion() {
  return {
    type: "single_choice",
    name: uniqueName("Question "),
    stem: "<p>Which one?</p>",
    choices: [
      { text: "This one", fraction: 1 },
      { text: "That one", fraction: 0 },
    ],
  };
}

/** Query strings the generator cannot guess (it fills id positions only). */
const QUERIES: Record<string, () => Record<string, string>> = {
  "GET /api/calendar": () => ({ from: "2026-01-01", to: "2026-12-31" }),
  "GET /api/question-banks/{bankId}/export": () => ({ format: "moodle_xml" }),
};

/**
 * The file a multipart operation takes: a CSV of one new person for the user import, a GIFT question for
 * the question import, else a handout.
 */
const uploadedFile = (op: ApiOperation) =>
  op.path === "/api/admin/imports"
    ? new File([`email,first_name,last_name\n${uniqueName("imported")}@example.test,Ida,Imported\n`], "people.csv", {
        type: "text/csv",
      })
    : op.path === "/api/question-banks/{bankId}/imports"
      ? new File([`::${uniqueName("Imported ")}::Two is even.{T}\n`], "bank.gift", { type: "text/plain" })
      : new File(["a handout"], "handout.txt", { type: "text/plain" });

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

/** A request the operation accepts from an allowed caller (the control), with `substitutions` applied. */
export async function buildRequest(
  op: ApiOperation,
  tenant: TenantWorld,
  caller: Caller,
  substitutions: Substitution[] = [],
): Promise<BuiltRequest> {
  const ids: Record<string, string> = Object.fromEntries(
    substitutions.filter((s) => s.position.in !== "body").map((s) => [s.position.key, s.id]),
  );
  const disposable = substitutions.length === 0 ? await DISPOSABLE[op.key]?.(tenant, caller) : undefined;
  const idFor = (key: string) =>
    ids[key] ?? disposable?.[key] ?? ID_SOURCES[key]?.(tenant, op) ?? "00000000-0000-4000-8000-000000000000";
  // A file's path keeps its slashes; ids and tokens have none.
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    idFor(`path:${name}`).split("/").map(encodeURIComponent).join("/"),
  );
  const query = new URLSearchParams(QUERIES[op.key]?.());
  for (const s of substitutions.filter((x) => x.position.in === "query")) query.set(s.position.pointer[0]!, s.id);
  const headers: Record<string, string> = {};
  let body: string | Buffer | undefined;
  if (op.body?.contentType === "application/json") {
    const generated = sample(op.body.schema, [], (pointer) => idFor(`body:${pointer.join(".")}`)) as Record<
      string,
      unknown
    >;
    let value = BODIES[op.key] ? await BODIES[op.key]!(tenant, caller, generated) : generated;
    for (const s of substitutions.filter((x) => x.position.in === "body"))
      value = setAt(value, s.position.pointer, s.id);
    body = JSON.stringify(value);
    headers["content-type"] = "application/json";
  } else if (op.body?.contentType === "multipart/form-data") {
    const fields: Record<string, string | Blob> = {};
    for (const [name, property] of Object.entries(op.body.schema.properties ?? {})) {
      if (property.format === "binary")
        fields[name] = name === "file" ? uploadedFile(op) : new Blob([await png()], { type: "image/png" });
    }
    const multipart = await multipartBody(fields);
    body = multipart.body;
    Object.assign(headers, multipart.headers);
  } else if (op.body?.contentType === "application/x-www-form-urlencoded") {
    const fields = sample(op.body.schema, [], (pointer) => idFor(`body:${pointer.join(".")}`)) as Record<
      string,
      string
    >;
    body = Buffer.from(new URLSearchParams(fields).toString());
    headers["content-type"] = op.body.contentType;
  } else if (op.body?.contentType === "text/xml") {
    body = Buffer.from(cmi5CourseXml(tenant.marker));
    headers["content-type"] = op.body.contentType;
  } else if (op.body) {
    body = fixtureZip("golf-scorm12-runtime-basic-singlesco.zip");
    headers["content-type"] = op.body.contentType;
  }
  return { method: op.method, path: query.size ? `${path}?${query}` : path, body, headers };
}

/** A value the schema accepts: required properties only, enums' first value, lengths at their minimum. */
export function sample(schema: JsonSchema, pointer: string[], idAt: (pointer: string[]) => string): unknown {
  if (isUuid(schema)) return idAt(pointer);
  if (schema.enum) return schema.enum[0];
  const option = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((o) => o.type !== "null");
  if (option) return sample(option, pointer, idAt);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        out[name] = sample(schema.properties?.[name] ?? {}, [...pointer, name], idAt);
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sample(schema.items ?? {}, [...pointer, "*"], idAt),
      );
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "string": {
      if (schema.format === "email") return `${uniqueName("someone")}@example.test`;
      if (schema.format === "uri") return "https://example.com/clip.mp4";
      if (schema.format === "date-time") return new Date().toISOString();
      const text = schema.pattern ? uniqueName("sample-") : uniqueName("Sample ");
      return text.padEnd(schema.minLength ?? 0, "x").slice(0, schema.maxLength ?? 200);
    }
    default:
      return {};
  }
}

/** A copy of `value` with `replacement` at `pointer` ("*": the first item of an array, made if missing). */
export function setAt(value: unknown, pointer: string[], replacement: unknown): unknown {
  if (pointer.length === 0) return replacement;
  const [head, ...rest] = pointer;
  if (head === "*") {
    const list = Array.isArray(value) ? [...value] : [];
    list[0] = setAt(list[0], rest, replacement);
    return list;
  }
  const object =
    value && typeof value === "object" && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head!] = setAt(object[head!], rest, replacement);
  return object;
}

function identityProviderBody(name: string, clientSecret?: string) {
  return {
    name,
    enabled: true,
    jitEnabled: false,
    protocol: "oidc",
    issuer: "http://127.0.0.2:9",
    clientId: "lms",
    ...(clientSecret ? { clientSecret } : {}),
    scopes: "openid email profile",
    ...STANDARD_CLAIMS,
  };
}
