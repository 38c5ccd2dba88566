import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  shardingReport,
  shardingReportMarkdown,
  type CatalogForeignKey,
  type CatalogIndex,
  type CatalogTable,
} from "@/lib/ops/sharding-readiness";
import { testDb } from "@/test/factories";

// Reads the migrated schema from PostgreSQL's catalog and writes which tables could be distributed by
// organization (docs/scaling.md, between its markers). Fails when a new table or constraint adds a
// change to the list below; when a change is made, remove its line here.

const KNOWN_CHANGES: string[] = [
  // An API key is looked up by its secret's hash before its organization is known (the bearer names no host's id).
  'ApiKey: primary key (id) must include "organizationId"',
  'ApiKey: unique index ApiKey_secretHash_key (secretHash) must include "organizationId"',
  'AuditLog: make "organizationId" NOT NULL',
  'AuditLog: primary key (id) must include "organizationId"',
  'Category: primary key (id) must include "organizationId"',
  'Certificate: primary key (id) must include "organizationId"',
  'Certificate: unique index Certificate_code_key (code) must include "organizationId"',
  'CertificateTemplate: primary key (id) must include "organizationId"',
  'Course: primary key (id) must include "organizationId"',
  'CourseInstructor: primary key (courseId, userId) must include "organizationId"',
  'EmailChangeToken: a reference table may not point at User (EmailChangeToken_userId_fkey); give it "organizationId"',
  'Enrollment: primary key (id) must include "organizationId"',
  'EnrollmentRound: primary key (id) must include "organizationId"',
  'EnrollmentRound: unique index EnrollmentRound_enrollmentId_round_key (enrollmentId, round) must include "organizationId"',
  'Event: primary key (id) must include "organizationId"',
  'Group: primary key (id) must include "organizationId"',
  'GroupCourse: primary key (groupId, courseId) must include "organizationId"',
  'GroupMember: primary key (groupId, userId) must include "organizationId"',
  'IdentityProvider: primary key (id) must include "organizationId"',
  'Lesson: primary key (id) must include "organizationId"',
  'LessonProgress: primary key (id) must include "organizationId"',
  'LessonProgress: unique index LessonProgress_enrollmentId_lessonId_key (enrollmentId, lessonId) must include "organizationId"',
  'Message: primary key (id) must include "organizationId"',
  'MessageParticipant: primary key (threadId, userId) must include "organizationId"',
  'MessageThread: primary key (id) must include "organizationId"',
  'Module: primary key (id) must include "organizationId"',
  'PasswordResetToken: a reference table may not point at User (PasswordResetToken_userId_fkey); give it "organizationId"',
  'Question: primary key (id) must include "organizationId"',
  'QuestionBank: primary key (id) must include "organizationId"',
  'QuestionVersion: primary key (id) must include "organizationId"',
  'QuestionImport: primary key (id) must include "organizationId"',
  'QuestionImportItem: primary key (importId, position) must include "organizationId"',
  // The quiz tables keep single-column keys as the question and SCORM tables do.
  'Quiz: primary key (id) must include "organizationId"',
  'QuizAnswer: primary key (id) must include "organizationId"',
  'QuizAttempt: primary key (id) must include "organizationId"',
  'QuizAttempt: unique index QuizAttempt_quizId_userId_number_key (quizId, userId, number) must include "organizationId"',
  'QuizAttemptQuestion: primary key (id) must include "organizationId"',
  'QuizAttemptQuestion: unique index QuizAttemptQuestion_attemptId_position_key (attemptId, position) must include "organizationId"',
  'QuizSlot: primary key (id) must include "organizationId"',
  'QuizSlot: unique index QuizSlot_quizId_position_key (quizId, position) must include "organizationId"',
  'ScormAttempt: primary key (id) must include "organizationId"',
  'ScormAttempt: unique index ScormAttempt_enrollmentId_lessonId_attemptNumber_key (enrollmentId, lessonId, attemptNumber) must include "organizationId"',
  'ScormPackage: primary key (id) must include "organizationId"',
  'ScormPackage: unique index ScormPackage_lessonId_version_key (lessonId, version) must include "organizationId"',
  'ScormScoState: primary key (id) must include "organizationId"',
  'ScormScoState: unique index ScormScoState_attemptId_scoId_key (attemptId, scoId) must include "organizationId"',
  // A session belongs to its user, and the superadmin's (as the superadmin's user row) to no organization.
  'Session: foreign key Session_userId_fkey (userId) → User must include "organizationId" on both sides',
  'Session: make "organizationId" NOT NULL',
  'Session: primary key (id) must include "organizationId"',
  'Setting: make "organizationId" NOT NULL',
  'Setting: primary key (id) must include "organizationId"',
  'SsoRequest: primary key (id) must include "organizationId"',
  'User: make "organizationId" NOT NULL',
  'WebhookDelivery: primary key (id) must include "organizationId"',
  'WebhookDelivery: unique index WebhookDelivery_endpointId_eventId_key (endpointId, eventId) must include "organizationId"',
  'WebhookEndpoint: primary key (id) must include "organizationId"',
  'WebhookEvent: primary key (id) must include "organizationId"',
  // An LRS client's key is unique across organizations (a key names one client wherever it is sent), and the
  // statements' sequence orders the whole store for the `more` links and the consistent-through time.
  'LrsClient: primary key (id) must include "organizationId"',
  'LrsClient: unique index LrsClient_key_key (key) must include "organizationId"',
  'XapiDocument: primary key (id) must include "organizationId"',
  'XapiStatement: unique index XapiStatement_seq_key (seq) must include "organizationId"',
  // A cmi5 session's fetch token is looked up by its hash before its organization is known (the AU's fetch
  // URL names no host's id); the cmi5 tables keep single-column keys as the SCORM package tables do.
  'Cmi5Course: primary key (id) must include "organizationId"',
  'Cmi5Course: unique index Cmi5Course_lessonId_version_key (lessonId, version) must include "organizationId"',
  'Cmi5Registration: primary key (id) must include "organizationId"',
  'Cmi5Session: primary key (id) must include "organizationId"',
  'Cmi5Session: unique index Cmi5Session_fetchTokenHash_key (fetchTokenHash) must include "organizationId"',
  'User: primary key (id) must include "organizationId"',
  'User: unique index User_icalFeedKey_key (icalFeedKey) must include "organizationId"',
  'UserIdentity: primary key (providerId, subject) must include "organizationId"',
  'UserImport: primary key (id) must include "organizationId"',
  'UserImportRow: primary key (importId, rowNumber) must include "organizationId"',
];

const DOC = path.join(process.cwd(), "docs", "scaling.md");
const START = "<!-- sharding-report:start -->";
const END = "<!-- sharding-report:end -->";

async function readCatalog() {
  const db = testDb();
  const tables = await queryRows<CatalogTable>(
    Prisma.sql`
    SELECT c.relname::text AS name,
           (SELECT a.attnotnull FROM pg_attribute a
             WHERE a.attrelid = c.oid AND a.attname = 'organizationId' AND NOT a.attisdropped) AS "organizationIdNotNull"
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`,
    db,
  );
  const indexes = await queryRows<CatalogIndex>(
    Prisma.sql`
    SELECT t.relname::text AS "table", i.relname::text AS name, x.indisprimary AS primary,
           ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
                   LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                  ORDER BY k.n) AS columns
      FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND x.indisunique AND t.relname <> '_prisma_migrations'`,
    db,
  );
  const foreignKeys = await queryRows<CatalogForeignKey>(
    Prisma.sql`
    SELECT t.relname::text AS "table", c.conname::text AS name, f.relname::text AS target,
           ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS "targetColumns"
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND c.contype = 'f'`,
    db,
  );
  return { tables, indexes, foreignKeys };
}

afterAll(async () => {
  await testDb().$disconnect();
});

describe("sharding readiness", () => {
  it("lists what must change before tenant tables can be distributed by organizationId, and never more", async () => {
    const { tables, indexes, foreignKeys } = await readCatalog();
    const report = shardingReport(tables, indexes, foreignKeys);
    const doc = readFileSync(DOC, "utf8");
    const section = `${START}\n\n${shardingReportMarkdown(report)}\n\n${END}`;
    const updated = doc.replace(new RegExp(`${START}[\\s\\S]*${END}`), section);
    if (updated !== doc) writeFileSync(DOC, updated);
    expect(report.changes.filter((change) => !KNOWN_CHANGES.includes(change))).toEqual([]);
  });
});
