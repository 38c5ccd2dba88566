import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { apiKeyHint, hashApiKeySecret, newApiKeySecret } from "@/lib/auth/api-key-secret";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { newCertificateCode } from "@/lib/server/certificates/code";
import { grantableScopes } from "@/lib/tenancy/api-key-scopes";
import type { Permission } from "@/lib/tenancy/role-permissions";
import { createCategory, createCourse, enroll } from "@/test/course-factories";
import {
  createSuperadmin,
  createTenant,
  createUser,
  testDb,
  uniqueName,
  type TestTenant,
  type TestUser,
} from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { multipartBody, signIn } from "@/test/session";
import { fixtureZip } from "@/test/scorm-zips";
import { contentHostOf } from "./api-operations";
import { acceptingReceiverUrl } from "./webhook-receiver";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";

// An organization full of data of every kind, made the way the app makes it where that matters (SCORM
// packages, attempts and commits, uploads, progress through the API) and written directly elsewhere.
// Every text the organization owns carries its `marker`, so a leak is found by searching answers for it.

export type TenantRole = keyof TestTenant["users"];
export const API_KEY_CALLERS = ["full", "reports"] as const;
export type ApiKeyCaller = (typeof API_KEY_CALLERS)[number];
export const TENANT_ROLES: TenantRole[] = ["learner", "instructor", "org_admin", "admin"];

export interface TenantWorld {
  id: string;
  subdomain: string;
  marker: string;
  users: Record<TenantRole, TestUser>;
  /** Bearer tokens from the real sign-in, per role. */
  tokens: Record<TenantRole, string>;
  /**
   * API keys' secrets, made by the admin: `full` holds every scope the admin may give a key, `reports` only
   * reports:read and reports:read:any.
   */
  apiKeys: Record<ApiKeyCaller, string>;
  /** Every id of the organization's records, by kind. */
  ids: {
    courseId: string;
    draftCourseId: string;
    archivedCourseId: string;
    moduleId: string;
    textLessonId: string;
    videoLessonId: string;
    fileLessonId: string;
    scormLessonId: string;
    categoryId: string;
    enrollmentId: string;
    learnerId: string;
    instructorId: string;
    packageId: string;
    attemptId: string;
    groupId: string;
    eventId: string;
    importId: string;
    threadId: string;
    messageId: string;
    templateId: string;
    certificateId: string;
    /** An OpenID Connect provider without a secret yet: its sign-in refuses (as not set up) without reaching out. */
    providerId: string;
    /** A SAML provider without its key pair: its SAML doors refuse (as not set up) without reaching out. */
    samlProviderId: string;
    /** A session of the learner's that no token of the suites uses (ending it signs no role out). */
    sessionId: string;
    /** A webhook endpoint (to a closed port of the allow-listed loopback) wanting only certificate.expired. */
    webhookEndpointId: string;
    /** A delivered delivery of it (so resending it is allowed). */
    webhookDeliveryId: string;
    /** An API key of the organization that no suite calls with. */
    apiKeyId: string;
    /** An LRS client of the organization that no suite calls with. */
    lrsClientId: string;
    /** The cmi5 lesson, its imported course version, and the learner's registration and session in it. */
    cmi5LessonId: string;
    cmi5CourseId: string;
    cmi5RegistrationId: string;
    cmi5SessionId: string;
    /** A question bank the instructor made, and a single-choice question in it (version 1). */
    questionBankId: string;
    questionId: string;
    /** A question import into that bank whose dry run is done (one true/false question). */
    questionImportId: string;
    /** The quiz lesson (its one slot: the question above) and the learner's attempt at it, in progress. */
    quizLessonId: string;
    quizAttemptId: string;
  };
  /** An LRS client holding every scope, and a statement it stored (the xAPI endpoint, /xapi/). */
  lrs: { key: string; secret: string; statementId: string };
  /** The SCORM package's SCO the learner's attempt is in. */
  scoId: string;
  /** A password-reset token of the learner, unused. */
  resetToken: string;
  /** A link confirming a new e-mail address, of a spare user (confirming it changes no role's account). */
  emailChangeToken: string;
  /** The iCal feed secret of a learner of the course (one no suite signs in as, so nothing rotates it). */
  feedSecret: string;
  /**
   * The learner's SCORM visit: the capability token of its launch (a path segment of every URL on the
   * organization's content host; it grants the package's files and commits to the learner's attempt).
   */
  contentToken: string;
  /**
   * Every stored file the organization has: avatar, thumbnails and a content image (URLs on its app host), a SCORM file
   * (a path on its content host, the token in it) with its storage key, and the file lesson's storage key.
   */
  files: {
    avatar: string;
    thumbnail: string;
    draftThumbnail: string;
    /** An image of its rich text (served to its signed-in members only). */
    contentImage: string;
    scormFile: string;
    scormFileKey: string;
    lessonFileKey: string;
  };
}

export interface World {
  a: TenantWorld;
  b: TenantWorld;
  superadmin: TestUser & { token: string };
}

const png = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: "#0A66C2" } })
    .png()
    .toBuffer();
const WEBM = readFileSync(path.resolve("e2e/learning/fixtures/short.webm"));

function expectOk(res: TestResponse, what: string): TestResponse {
  if (res.status >= 300)
    throw new Error(`${what} failed while building the test world: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

export async function buildWorld(): Promise<World> {
  const [a, b, superadminUser] = await Promise.all([buildTenantWorld(), buildTenantWorld(), createSuperadmin()]);
  return { a, b, superadmin: { ...superadminUser, token: await signIn(null, superadminUser) } };
}

export async function buildTenantWorld(): Promise<TenantWorld> {
  const marker = `SECRET${randomBytes(6).toString("hex")}`;
  const tenant = await createTenant();
  const db = testDb();
  const { id, subdomain } = tenant;
  await db.organization.update({ where: { id }, data: { name: `Org ${marker}` } });
  for (const user of Object.values(tenant.users))
    await db.user.update({ where: { id: user.id }, data: { lastName: `Tester ${marker}` } });
  const tokens = Object.fromEntries(
    await Promise.all(TENANT_ROLES.map(async (role) => [role, await signIn(subdomain, tenant.users[role])] as const)),
  ) as Record<TenantRole, string>;
  const as = (role: TenantRole, p: string, options: Parameters<typeof call>[2] = {}) =>
    call(subdomain, p, { ...options, bearer: tokens[role] });

  const category = await createCategory(id, `Category ${marker}`);
  const course = await createCourse(id, {
    title: `Course ${marker}`,
    description: `<p>About ${marker}</p>`,
    categoryId: category.id,
    instructorIds: [tenant.users.instructor.id],
    modules: [
      {
        title: `Module ${marker}`,
        lessons: [
          { kind: "text", title: `Text ${marker}`, body: `<p>${marker}</p>` },
          { kind: "video", title: `Video ${marker}` },
          { kind: "file", title: `File ${marker}` },
        ],
      },
      {
        title: `Module two ${marker}`,
        lessons: [
          { kind: "scorm", title: `SCORM ${marker}` },
          { kind: "cmi5", title: `cmi5 ${marker}` },
          { kind: "quiz", title: `Quiz ${marker}` },
        ],
      },
    ],
  });
  const [textLesson, videoLesson, fileLesson, scormLesson, cmi5Lesson, quizLesson] = course.lessons as [
    (typeof course.lessons)[number],
    (typeof course.lessons)[number],
    (typeof course.lessons)[number],
    (typeof course.lessons)[number],
    (typeof course.lessons)[number],
    (typeof course.lessons)[number],
  ];
  const draft = await createCourse(id, {
    title: `Draft ${marker}`,
    status: "draft",
    instructorIds: [tenant.users.instructor.id],
  });
  const archived = await createCourse(id, { title: `Archived ${marker}`, status: "archived" });
  const enrollment = await enroll(id, course.id, tenant.users.learner.id);

  // Uploads the way staff make them.
  const thumbnail = await multipartBody({ thumbnail: new Blob([await png()], { type: "image/png" }) });
  const thumbUrl = expectOk(
    await as("admin", `/api/courses/${course.id}/thumbnail`, { method: "PUT", ...thumbnail }),
    "thumbnail",
  ).json.thumbnail_url as string;
  const draftThumb = expectOk(
    await as("admin", `/api/courses/${draft.id}/thumbnail`, {
      method: "PUT",
      ...(await multipartBody({ thumbnail: new Blob([await png()], { type: "image/png" }) })),
    }),
    "draft thumbnail",
  ).json.thumbnail_url as string;
  const contentImage = expectOk(
    await as("instructor", "/api/content-images", {
      method: "POST",
      ...(await multipartBody({ image: new Blob([await png()], { type: "image/png" }) })),
    }),
    "content image",
  ).json.url as string;
  const file = await multipartBody({
    file: new File([`Handout ${marker}`], `handout-${marker}.txt`, { type: "text/plain" }),
  });
  expectOk(
    await as("admin", `/api/courses/${course.id}/lessons/${fileLesson.id}/file`, { method: "PUT", ...file }),
    "lesson file",
  );
  const video = await multipartBody({ file: new File([WEBM], "clip.webm", { type: "video/webm" }) });
  expectOk(
    await as("admin", `/api/courses/${course.id}/lessons/${videoLesson.id}/file`, { method: "PUT", ...video }),
    "lesson video",
  );
  const zip = fixtureZip("golf-scorm12-runtime-basic-singlesco.zip");
  const scorm = expectOk(
    await as("instructor", `/api/courses/${course.id}/lessons/${scormLesson.id}/scorm`, {
      method: "PUT",
      body: zip,
      headers: { "content-type": "application/zip" },
    }),
    "SCORM package",
  );
  const packageId = scorm.json.id as string;
  const cmi5Course = expectOk(
    await as("instructor", `/api/courses/${course.id}/lessons/${cmi5Lesson.id}/cmi5`, {
      method: "PUT",
      body: cmi5CourseXml(marker),
      headers: { "content-type": "text/xml" },
    }),
    "cmi5 course",
  );
  const cmi5Launch = expectOk(
    await as("learner", `/api/courses/${course.id}/lessons/${cmi5Lesson.id}/cmi5/launch`, { json: {} }),
    "cmi5 launch",
  );
  const avatar = await multipartBody({ avatar: new Blob([await png()], { type: "image/png" }) });
  const avatarUrl = expectOk(await as("learner", "/auth/profile", { method: "PUT", ...avatar }), "avatar").json.user
    .avatar_url as string;

  // The learner's own progress, through the API.
  expectOk(
    await as("learner", `/api/courses/${course.id}/lessons/${textLesson.id}/progress`, {
      method: "PUT",
      json: { completed: true },
    }),
    "progress",
  );
  const launch = expectOk(
    await as("learner", `/api/courses/${course.id}/lessons/${scormLesson.id}/scorm/launch`),
    "SCORM launch",
  );
  const attemptId = launch.json.attempt.attemptId as string;
  const scoId = launch.json.scos[0].identifier as string;
  const cmi = {
    core: {
      lesson_status: "incomplete",
      lesson_location: `page-${marker}`,
      session_time: "00:01:00",
      score: { raw: "", min: "", max: "" },
    },
    suspend_data: marker,
  };
  // The runtime commits on the content host, with nothing but the launch's token (no session reaches it).
  const content = launch.json.content as { runtimeUrl: string; filesUrl: string; commitUrl: string };
  const contentToken = new URL(content.runtimeUrl).pathname.split("/").pop()!;
  expectOk(
    await call(contentHostOf(subdomain), new URL(content.commitUrl).pathname, {
      json: { commits: [{ attemptId, scoId, sequence: 1, cmi }] },
    }),
    "SCORM commit",
  );
  const scoFile = String(launch.json.scos[0].launch).split("?")[0]!;

  // Tables whose routes come later: written directly, so the sweep already guards their rows.
  const group = await db.group.create({ data: { organizationId: id, name: `Group ${marker}`, description: marker } });
  await db.groupMember.create({ data: { organizationId: id, groupId: group.id, userId: tenant.users.learner.id } });
  await db.groupCourse.create({ data: { organizationId: id, groupId: group.id, courseId: course.id } });
  const eventEnd = new Date(Date.now() + 3_600_000);
  const event = await db.event.create({
    data: {
      organizationId: id,
      title: `Event ${marker}`,
      startsAt: new Date(),
      endsAt: eventEnd,
      seriesEndsAt: eventEnd,
      courseId: course.id,
    },
  });
  const feedOwner = await createUser(id, "learner");
  await enroll(id, course.id, feedOwner.id);
  const feedPath = expectOk(
    await call(subdomain, "/api/calendar/feed", { method: "POST", bearer: await signIn(subdomain, feedOwner) }),
    "iCal feed link",
  ).json.feed_path as string;
  const thread = await db.messageThread.create({
    data: { organizationId: id, subject: `Thread ${marker}`, createdById: tenant.users.instructor.id },
  });
  await db.messageParticipant.createMany({
    data: [tenant.users.instructor.id, tenant.users.learner.id].map((userId) => ({
      organizationId: id,
      threadId: thread.id,
      userId,
    })),
  });
  const message = await db.message.create({
    data: { organizationId: id, threadId: thread.id, senderId: tenant.users.instructor.id, body: `Hello ${marker}` },
  });

  const template = await db.certificateTemplate.create({
    data: { organizationId: id, name: `Template ${marker}`, design: DEFAULT_DESIGN },
  });
  const certificate = await db.certificate.create({
    data: {
      organizationId: id,
      courseId: course.id,
      userId: tenant.users.learner.id,
      enrollmentId: enrollment.id,
      round: 1,
      code: newCertificateCode(),
      learnerName: `Learner ${marker}`,
      courseTitle: `Course ${marker}`,
      organizationName: `Organization ${marker}`,
      completedAt: new Date(),
      design: DEFAULT_DESIGN,
    },
  });

  const questionBank = await db.questionBank.create({
    data: { organizationId: id, name: `Bank ${marker}`, description: marker, createdById: tenant.users.instructor.id },
  });
  const question = await db.question.create({
    data: {
      organizationId: id,
      bankId: questionBank.id,
      type: "single_choice",
      name: `Question ${marker}`,
      tags: [marker.toLowerCase()],
      createdById: tenant.users.instructor.id,
      versions: {
        create: {
          version: 1,
          type: "single_choice",
          name: `Question ${marker}`,
          stem: `<p>${marker}?</p>`,
          body: {
            choices: [
              { id: "c1", text: marker, fraction: 1, feedback: "" },
              { id: "c2", text: "No", fraction: 0, feedback: "" },
            ],
            shuffle: true,
          },
          createdById: tenant.users.instructor.id,
        },
      },
    },
  });

  // The quiz, set up and started the way its instructor and learner do.
  expectOk(
    await as("instructor", `/api/courses/${course.id}/lessons/${quizLesson.id}/quiz`, {
      method: "PUT",
      json: { slots: [{ kind: "fixed", question_id: question.id }] },
    }),
    "quiz",
  );
  const quizAttempt = expectOk(
    await as("learner", `/api/courses/${course.id}/lessons/${quizLesson.id}/quiz/attempts`, { method: "POST" }),
    "quiz attempt",
  );

  const resetToken = randomBytes(32).toString("base64url");
  await db.passwordResetToken.create({
    data: {
      userId: tenant.users.learner.id,
      tokenHash: createHash("sha256").update(resetToken).digest("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  const emailChangeToken = await spareEmailChangeToken(id);
  const lessonFileKey = (
    await db.lesson.findUniqueOrThrow({ where: { id: fileLesson.id }, select: { storageKey: true } })
  ).storageKey!;
  const scormPrefix = (
    await db.scormPackage.findUniqueOrThrow({ where: { id: packageId }, select: { storagePrefix: true } })
  ).storagePrefix;

  return {
    id,
    subdomain,
    marker,
    users: tenant.users,
    tokens,
    apiKeys: {
      full: (await spareApiKey(id, tenant.users.admin.id, marker, grantableScopes("admin"))).secret,
      reports: (await spareApiKey(id, tenant.users.admin.id, marker, ["reports:read", "reports:read:any"])).secret,
    },
    ids: {
      courseId: course.id,
      draftCourseId: draft.id,
      archivedCourseId: archived.id,
      moduleId: course.modules[0]!.id,
      textLessonId: textLesson.id,
      videoLessonId: videoLesson.id,
      fileLessonId: fileLesson.id,
      scormLessonId: scormLesson.id,
      categoryId: category.id,
      enrollmentId: enrollment.id,
      learnerId: tenant.users.learner.id,
      instructorId: tenant.users.instructor.id,
      packageId,
      attemptId,
      groupId: group.id,
      eventId: event.id,
      importId: await spareImport({ id, marker, users: tenant.users }, "checked"),
      threadId: thread.id,
      messageId: message.id,
      templateId: template.id,
      certificateId: certificate.id,
      providerId: (await spareIdentityProvider(id, marker)).id,
      samlProviderId: (await spareSamlProvider(id, marker)).id,
      sessionId: (await spareSession(tenant.users.learner.id)).id,
      ...(await webhookIds({ id, marker, subdomain, tokens })),
      apiKeyId: (await spareApiKey(id, tenant.users.admin.id, marker, ["users:manage"])).id,
      lrsClientId: (await spareLrsClient(id, tenant.users.admin.id, marker)).id,
      cmi5LessonId: cmi5Lesson.id,
      cmi5CourseId: cmi5Course.json.id as string,
      cmi5RegistrationId: cmi5Launch.json.registration as string,
      cmi5SessionId: cmi5Launch.json.session_id as string,
      questionBankId: questionBank.id,
      questionId: question.id,
      questionImportId: await spareQuestionImport({ id, marker, users: tenant.users }, questionBank.id),
      quizLessonId: quizLesson.id,
      quizAttemptId: quizAttempt.json.id as string,
    },
    lrs: await lrsWithStatement(id, subdomain, tenant.users.admin.id, marker),
    scoId,
    resetToken,
    emailChangeToken,
    feedSecret: feedPath.replace(/^\/api\/calendar\/feed\/|\.ics$/g, ""),
    contentToken,
    files: {
      avatar: avatarUrl,
      thumbnail: thumbUrl,
      draftThumbnail: draftThumb,
      contentImage,
      scormFile: `${new URL(content.filesUrl).pathname}${scoFile}`,
      scormFileKey: `${scormPrefix}/${scoFile}`,
      lessonFileKey,
    },
  };
}

/** An API key of the organization made by `creatorId` in the database, its name carrying the marker. */
export async function spareApiKey(
  organizationId: string,
  creatorId: string,
  marker: string,
  scopes: readonly Permission[],
): Promise<{ id: string; secret: string }> {
  const secret = newApiKeySecret();
  const key = await testDb().apiKey.create({
    data: {
      organizationId,
      name: uniqueName(`Key ${marker} `),
      hint: apiKeyHint(secret),
      secretHash: hashApiKeySecret(secret),
      scopes: [...scopes],
      createdById: creatorId,
    },
    select: { id: true },
  });
  return { id: key.id, secret };
}

/** An LRS client of the organization made by `creatorId` in the database, holding every scope. */
export async function spareLrsClient(
  organizationId: string,
  creatorId: string,
  marker: string,
): Promise<{ id: string; key: string; secret: string }> {
  const key = `lrsk_${randomBytes(12).toString("base64url")}`;
  const secret = `lrss_${randomBytes(32).toString("base64url")}`;
  const client = await testDb().lrsClient.create({
    data: {
      organizationId,
      name: uniqueName(`LRS ${marker} `),
      key,
      secretHash: createHash("sha256").update(secret).digest("hex"),
      scopes: ["all"],
      createdById: creatorId,
    },
    select: { id: true },
  });
  return { id: client.id, key, secret };
}

/** An LRS client and a statement it stored through the endpoint, the statement carrying the marker. */
async function lrsWithStatement(
  organizationId: string,
  subdomain: string,
  creatorId: string,
  marker: string,
): Promise<TenantWorld["lrs"]> {
  const client = await spareLrsClient(organizationId, creatorId, marker);
  const res = await call(subdomain, "/xapi/statements", {
    json: {
      actor: { mbox: `mailto:${marker}@example.test`, name: marker },
      verb: { id: "http://adlnet.gov/expapi/verbs/completed" },
      object: { id: `http://example.test/${marker}` },
    },
    headers: {
      authorization: `Basic ${Buffer.from(`${client.key}:${client.secret}`).toString("base64")}`,
      "x-experience-api-version": "2.0.0",
    },
  });
  if (res.status !== 200) throw new Error(`the world's statement was refused: ${res.status} ${res.text}`);
  return { key: client.key, secret: client.secret, statementId: (res.json as string[])[0]! };
}

/** A new learner of the organization with a pending e-mail change: the token of its confirmation link. */
export async function spareEmailChangeToken(organizationId: string): Promise<string> {
  const user = await createUser(organizationId, "learner");
  const token = randomBytes(32).toString("base64url");
  const newEmail = `${uniqueName("changed")}@example.test`;
  await testDb().user.update({ where: { id: user.id }, data: { pendingEmail: newEmail } });
  await testDb().emailChangeToken.create({
    data: {
      userId: user.id,
      newEmail,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return token;
}

let spareCertificateRound = 1000;

/**
 * A certificate of the world's learner for its course, of a round of its own (revoking or re-issuing
 * one uses it up), carrying the marker.
 */
export async function spareCertificate(t: Pick<TenantWorld, "id" | "marker" | "ids">): Promise<string> {
  const certificate = await testDb().certificate.create({
    data: {
      organizationId: t.id,
      courseId: t.ids.courseId,
      userId: t.ids.learnerId,
      enrollmentId: t.ids.enrollmentId,
      round: (spareCertificateRound += 1),
      code: newCertificateCode(),
      learnerName: `Learner ${t.marker}`,
      courseTitle: `Course ${t.marker}`,
      organizationName: `Organization ${t.marker}`,
      completedAt: new Date(),
      design: DEFAULT_DESIGN,
    },
    select: { id: true },
  });
  return certificate.id;
}

/**
 * A CSV user import of the organization's admin, made in the database: `uploaded` (mapped, no dry run
 * yet) or `checked` (dry-run: one person to create). Its file name and cells carry the marker.
 */
export async function spareImport(
  t: Pick<TenantWorld, "id" | "marker" | "users">,
  status: "uploaded" | "checked",
): Promise<string> {
  const checked = status === "checked";
  const imp = await testDb().userImport.create({
    data: {
      organizationId: t.id,
      createdById: t.users.admin.id,
      createdByRole: "admin",
      fileName: `people-${t.marker}.csv`,
      fileSize: 80,
      encoding: "utf-8",
      delimiter: ",",
      headers: ["email", "first_name", "last_name"],
      mapping: { email: 0, first_name: 1, last_name: 2 },
      status,
      totalRows: 1,
      ...(checked ? { checkedAt: new Date(), checkCreate: 1, checkUpdate: 0, checkUnchanged: 0, checkReject: 0 } : {}),
    },
    select: { id: true },
  });
  await testDb().userImportRow.create({
    data: {
      organizationId: t.id,
      importId: imp.id,
      rowNumber: 1,
      cells: [`${uniqueName("imported")}@example.test`, "Ida", `Imported ${t.marker}`],
      ...(checked ? { checkOutcome: "create" } : {}),
    },
  });
  return imp.id;
}

/** A question import into `bankId` by the instructor, its dry run done: one true/false question to create. */
export async function spareQuestionImport(
  t: Pick<TenantWorld, "id" | "marker" | "users">,
  bankId: string,
): Promise<string> {
  const content = { type: "true_false", name: `Imported ${t.marker}`, stem: `<p>${t.marker}?</p>`, correct: true };
  const imp = await testDb().questionImport.create({
    data: {
      organizationId: t.id,
      bankId,
      createdById: t.users.instructor.id,
      createdByRole: "instructor",
      fileName: `bank-${t.marker}.gift`,
      fileSize: 40,
      format: "gift",
      status: "checked",
      refusals: [],
      report: { questions: 1, by_type: { true_false: 1 }, banks_to_create: [], refusals: [], notes: [] },
      totalQuestions: 1,
      processed: 1,
      items: {
        create: {
          position: 1,
          categoryPath: [],
          content,
          source: { line: 1, index: 1, name: content.name },
          notes: [],
        },
      },
    },
    select: { id: true },
  });
  return imp.id;
}

/** Another learner of the organization, for calls that need a fresh account. */
export { uniqueName };

/**
 * A webhook endpoint of the organization, made through the API (the server seals its secret), named with
 * the marker. It wants one rare event type, so the suites' calls make few deliveries, and its URL is a
 * receiver that accepts each at its first attempt (./webhook-receiver.ts).
 */
export async function spareWebhookEndpoint(t: {
  marker: string;
  subdomain: string;
  tokens: Record<string, string>;
}): Promise<string> {
  const res = await call(t.subdomain, "/api/admin/webhooks", {
    method: "POST",
    bearer: t.tokens.admin,
    json: { url: await acceptingReceiverUrl(), eventTypes: ["certificate.expired"], description: `Hook ${t.marker}` },
  });
  if (res.status !== 201) throw new Error(`spare webhook endpoint: ${res.status} ${res.text}`);
  return res.json.id as string;
}

/** A delivered delivery of the endpoint (one each: resending it makes it pending). */
export async function spareWebhookDelivery(t: { id: string; marker: string }, endpointId: string): Promise<string> {
  const event = await testDb().webhookEvent.create({
    data: {
      organizationId: t.id,
      type: "certificate.expired",
      payload: { type: "certificate.expired", timestamp: new Date().toISOString(), data: { marker: t.marker } },
    },
    select: { id: true },
  });
  const delivery = await testDb().webhookDelivery.create({
    data: {
      organizationId: t.id,
      endpointId,
      eventId: event.id,
      state: "delivered",
      attempts: 1,
      lastStatus: 200,
      nextAttemptAt: null,
    },
    select: { id: true },
  });
  return delivery.id;
}

async function webhookIds(t: { id: string; marker: string; subdomain: string; tokens: Record<string, string> }) {
  const webhookEndpointId = await spareWebhookEndpoint(t);
  return { webhookEndpointId, webhookDeliveryId: await spareWebhookDelivery(t, webhookEndpointId) };
}

/** An identity provider of the organization, named with its marker; no secret, so its sign-in goes nowhere. */
export function spareIdentityProvider(organizationId: string, marker: string) {
  return testDb().identityProvider.create({
    data: {
      organizationId,
      protocol: "oidc",
      name: `IdP ${marker} ${uniqueName("")}`,
      config: {
        issuer: "http://127.0.0.2:9",
        clientId: `client-${marker}`,
        scopes: "openid email profile",
        ...STANDARD_CLAIMS,
      },
    },
    select: { id: true },
  });
}

/** A SAML provider of the organization, named with its marker; no key pair, so its SAML doors refuse. */
export function spareSamlProvider(organizationId: string, marker: string) {
  return testDb().identityProvider.create({
    data: {
      organizationId,
      protocol: "saml",
      name: `SAML ${marker} ${uniqueName("")}`,
      config: {
        metadataUrl: "",
        metadataXml: "<EntityDescriptor/>",
        idpEntityId: `https://idp.example.test/${marker}`,
        idpSsoUrl: "http://127.0.0.2:9/sso",
        idpSloUrl: null,
        idpCertificates: [],
        spCertificate: "",
        ...STANDARD_CLAIMS,
      },
    },
    select: { id: true },
  });
}

/** A session of `userId` made in the database, as a sign-in would (no token names it). */
export async function spareSession(userId: string) {
  const { organizationId } = await testDb().user.findUniqueOrThrow({
    where: { id: userId },
    select: { organizationId: true },
  });
  return testDb().session.create({
    data: { organizationId, userId, userAgent: "Spare/1.0", expiresAt: new Date(Date.now() + 3_600_000) },
    select: { id: true },
  });
}

/** A bare cmi5.xml of one AU at an absolute URL (the security suites import it; nothing fetches the AU). */
export const cmi5CourseXml = (marker: string) => `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://example.test/cmi5/${marker}"><title><langstring lang="en">cmi5 ${marker}</langstring></title>
    <description><langstring lang="en">${marker}</langstring></description></course>
  <au id="https://example.test/cmi5/${marker}/au" moveOn="Completed">
    <title><langstring lang="en">AU ${marker}</langstring></title><url>https://example.test/cmi5/au.html</url>
  </au>
</courseStructure>`;

/** A registration of an outside actor in the organization's cmi5 course (waiving an AU uses one up). */
export async function spareCmi5Registration(tenant: TenantWorld) {
  const actor = { objectType: "Agent", account: { homePage: "https://example.test", name: uniqueName("actor") } };
  return testDb().cmi5Registration.create({
    data: {
      id: randomUUID(),
      organizationId: tenant.id,
      courseId: tenant.ids.cmi5CourseId,
      actor,
      actorKey: `account:${actor.account.homePage} ${actor.account.name}`,
    },
    select: { id: true },
  });
}

/** An open session of the learner's cmi5 registration (abandoning it ends nothing the suites use). */
export function spareCmi5Session(tenant: TenantWorld) {
  return testDb().cmi5Session.create({
    data: {
      id: randomUUID(),
      organizationId: tenant.id,
      registrationId: tenant.ids.cmi5RegistrationId,
      auIndex: 0,
      launchMode: "Normal",
    },
    select: { id: true },
  });
}

/**
 * A quiz attempt of the learner's of its own (a course with one quiz lesson, its one question the world's),
 * in progress (session 1) or graded (its answer right), for the calls that use an attempt up.
 */
/**
 * An attempt of the learner's in a quiz of its own: in progress, graded, or in progress with its answer
 * saved in a quiz that shows feedback immediately (so it may be checked).
 */
export async function spareQuizAttempt(t: TenantWorld, state: "in_progress" | "graded" | "checkable"): Promise<string> {
  const db = testDb();
  const organizationId = t.id;
  const course = await createCourse(organizationId, {
    instructorIds: [t.ids.instructorId],
    modules: [{ lessons: [{ kind: "quiz" }] }],
  });
  await enroll(organizationId, course.id, t.ids.learnerId);
  const quiz = await db.quiz.create({
    data: {
      organizationId,
      courseId: course.id,
      lessonId: course.lessons[0]!.id,
      ...(state === "checkable" ? { reviewFeedback: "immediately" as const } : {}),
    },
  });
  const slot = await db.quizSlot.create({
    data: { organizationId, quizId: quiz.id, position: 1, kind: "fixed", questionId: t.ids.questionId },
  });
  const version = await db.questionVersion.findFirstOrThrow({
    where: { organizationId, questionId: t.ids.questionId, version: 1 },
    select: { id: true },
  });
  const graded = state === "graded";
  const attempt = await db.quizAttempt.create({
    data: {
      organizationId,
      quizId: quiz.id,
      userId: t.ids.learnerId,
      number: 1,
      state: state === "graded" ? "graded" : "in_progress",
      maxScore: 1,
      ...(graded ? { score: 1, submittedAt: new Date() } : {}),
    },
    select: { id: true },
  });
  const question = await db.quizAttemptQuestion.create({
    data: {
      organizationId,
      attemptId: attempt.id,
      slotId: slot.id,
      position: 1,
      page: 1,
      questionVersionId: version.id,
      maxMark: 1,
    },
  });
  if (graded || state === "checkable")
    await db.quizAnswer.create({
      data: {
        organizationId,
        attemptQuestionId: question.id,
        response: { choice_id: "c1" },
        sequence: 1,
        ...(graded ? { fraction: 1, marks: 1 } : {}),
      },
    });
  return attempt.id;
}
