import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { organizationSchema, ownProfileSchema, userSchema } from "@/lib/openapi/responses/auth";
import { errorBodySchema, pageOf } from "@/lib/openapi/responses/common";
import { categorySchema, courseListSchema, courseSchema, courseSummarySchema } from "@/lib/openapi/responses/courses";
import {
  courseProgressSchema,
  createEnrollmentsResponseSchema,
  dashboardSchema,
  enrollmentListSchema,
  enrollmentSchema,
  lessonProgressSchema,
  recordProgressResponseSchema,
} from "@/lib/openapi/responses/enrollments";
import {
  auditEntrySchema,
  createdOrganizationSchema,
  organizationAdminSchema,
  settingsViewSchema,
  smtpSettingsViewSchema,
} from "@/lib/openapi/responses/organizations";
import { lessonSchema, moduleSchema, outlineSchema } from "@/lib/openapi/responses/outline";
import {
  questionBankPageSchema,
  questionBankSchema,
  questionPageSchema,
  questionSummarySchema,
} from "@/lib/openapi/responses/questions";
import type { QuestionBankJson, QuestionSummaryJson } from "@/lib/server/questions/json";
import {
  gradedAnswerResponseSchema,
  gradingQueueResponseSchema,
  quizSettingsResponseSchema,
  quizStatisticsResponseSchema,
  savedAnswerResponseSchema,
} from "@/lib/openapi/responses/quizzes";
import type { SavedAnswerAck } from "@/lib/server/quizzes/answers";
import type { GradedAnswerJson, GradingQueueItemJson } from "@/lib/server/quizzes/grading";
import type { QuizStatisticsJson } from "@/lib/server/quizzes/statistics";
import type { QuizSettingsJson } from "@/lib/server/quizzes/settings";
import type { SmtpSettingsView } from "@/lib/schemas/smtp";
import type { AuditEntryJson } from "@/lib/server/audit-log/queries";
import type { OrganizationAdminJson } from "@/lib/server/organizations/json";
import type { CreatedOrganization } from "@/lib/server/organizations/mutations";
import type { SettingsView } from "@/lib/server/settings/queries";
import { AppError, errorBody, type ErrorBody } from "@/lib/errors";
import type { Page } from "@/lib/schemas/pagination";
import type { CategoryJson } from "@/lib/server/categories/queries";
import type { CourseJson, CourseSummaryJson, LessonJson, ModuleJson, OutlineJson } from "@/lib/server/courses/json";
import type { DashboardJson } from "@/lib/server/enrollments/dashboard";
import type { EnrollmentJson, EnrollmentWithUserJson } from "@/lib/server/enrollments/json";
import type { createEnrollments } from "@/lib/server/enrollments/mutations";
import type { LessonProgressJson } from "@/lib/server/progress/json";
import type { recordLessonProgress } from "@/lib/server/progress/mutations";
import type { CourseProgressJson } from "@/lib/server/progress/queries";
import {
  organizationJson,
  userJson,
  type OrganizationJson,
  type OwnProfileJson,
  type UserJson,
} from "@/lib/server/serialize";

// The response schemas must say what the serializers return. The type checks fail `tsc` when a
// serializer gains, loses or changes a field; the runtime checks parse real serializer output.

describe("response schemas match the serializers", () => {
  it("types", () => {
    expectTypeOf<z.output<typeof userSchema>>().toEqualTypeOf<UserJson>();
    expectTypeOf<z.output<typeof quizSettingsResponseSchema>>().toEqualTypeOf<QuizSettingsJson>();
    expectTypeOf<z.output<typeof savedAnswerResponseSchema>>().toEqualTypeOf<SavedAnswerAck>();
    expectTypeOf<z.output<typeof gradedAnswerResponseSchema>>().toEqualTypeOf<GradedAnswerJson>();
    expectTypeOf<z.output<typeof gradingQueueResponseSchema>>().toEqualTypeOf<{ items: GradingQueueItemJson[] }>();
    expectTypeOf<z.output<typeof quizStatisticsResponseSchema>>().toEqualTypeOf<QuizStatisticsJson>();
    expectTypeOf<z.output<typeof ownProfileSchema>>().toEqualTypeOf<OwnProfileJson>();
    expectTypeOf<z.output<typeof organizationSchema>>().toEqualTypeOf<OrganizationJson>();
    expectTypeOf<z.output<ReturnType<typeof pageOf<typeof userSchema>>>>().toEqualTypeOf<Page<UserJson>>();
    expectTypeOf<z.output<typeof errorBodySchema>>().toEqualTypeOf<ErrorBody>();
    expectTypeOf<z.output<typeof courseSummarySchema>>().toEqualTypeOf<CourseSummaryJson>();
    expectTypeOf<z.output<typeof courseListSchema>>().toEqualTypeOf<Page<CourseSummaryJson>>();
    expectTypeOf<z.output<typeof courseSchema>>().toEqualTypeOf<CourseJson>();
    expectTypeOf<z.output<typeof categorySchema>>().toEqualTypeOf<CategoryJson>();
    expectTypeOf<z.output<typeof moduleSchema>>().toEqualTypeOf<ModuleJson>();
    expectTypeOf<z.output<typeof outlineSchema>>().toEqualTypeOf<OutlineJson>();
    expectTypeOf<z.output<typeof lessonSchema>>().toEqualTypeOf<LessonJson>();
    expectTypeOf<z.output<typeof enrollmentSchema>>().toEqualTypeOf<EnrollmentJson>();
    expectTypeOf<z.output<typeof createEnrollmentsResponseSchema>>().toEqualTypeOf<
      Awaited<ReturnType<typeof createEnrollments>>
    >();
    expectTypeOf<z.output<typeof enrollmentListSchema>>().toEqualTypeOf<Page<EnrollmentWithUserJson>>();
    expectTypeOf<z.output<typeof lessonProgressSchema>>().toEqualTypeOf<LessonProgressJson>();
    expectTypeOf<z.output<typeof courseProgressSchema>>().toEqualTypeOf<CourseProgressJson>();
    expectTypeOf<z.output<typeof recordProgressResponseSchema>>().toEqualTypeOf<
      Awaited<ReturnType<typeof recordLessonProgress>>
    >();
    expectTypeOf<z.output<typeof dashboardSchema>>().toEqualTypeOf<DashboardJson>();
    expectTypeOf<z.output<typeof organizationAdminSchema>>().toEqualTypeOf<OrganizationAdminJson>();
    expectTypeOf<z.output<typeof createdOrganizationSchema>>().toEqualTypeOf<CreatedOrganization>();
    // Member by member (the matcher compares unions of objects too strictly).
    expectTypeOf<Extract<z.output<typeof settingsViewSchema>, { editable: true }>>().toEqualTypeOf<
      Extract<SettingsView, { editable: true }>
    >();
    expectTypeOf<Extract<z.output<typeof settingsViewSchema>, { editable: false }>>().toEqualTypeOf<
      Extract<SettingsView, { editable: false }>
    >();
    expectTypeOf<z.output<typeof smtpSettingsViewSchema>>().toEqualTypeOf<SmtpSettingsView>();
    expectTypeOf<Omit<z.output<typeof auditEntrySchema>, "details">>().toEqualTypeOf<Omit<AuditEntryJson, "details">>();
    expectTypeOf<z.output<typeof questionBankSchema>>().toEqualTypeOf<QuestionBankJson>();
    expectTypeOf<z.output<typeof questionBankPageSchema>>().toEqualTypeOf<Page<QuestionBankJson>>();
    expectTypeOf<z.output<typeof questionSummarySchema>>().toEqualTypeOf<QuestionSummaryJson>();
    expectTypeOf<z.output<typeof questionPageSchema>>().toEqualTypeOf<Page<QuestionSummaryJson>>();
  });

  it("a user and an organization", () => {
    const now = new Date("2026-01-31T09:30:00.000Z");
    const user = userJson({
      id: "0198c8d0-0000-7000-8000-000000000001",
      organizationId: "0198c8d0-0000-7000-8000-000000000002",
      role: "learner",
      firstName: "Ada",
      lastName: "Lovelace",
      username: "ada",
      email: "ada@example.com",
      avatarUrl: null,
      status: "active",
      lastLoginAt: null,
      createdAt: now,
    });
    expect(userSchema.parse(user)).toEqual(user);
    const organization = organizationJson({
      id: "0198c8d0-0000-7000-8000-000000000002",
      name: "Acme",
      subdomain: "acme",
      status: "active",
      branding: { primaryColor: "#0A66C2" },
      settings: {},
      createdAt: now,
    });
    expect(organizationSchema.parse(organization)).toEqual(organization);
  });

  it("an error body", () => {
    const body = errorBody(
      new AppError("VALIDATION_FAILED", "email: Enter a valid email address", {
        fieldErrors: { email: ["Enter a valid email address"] },
      }),
    );
    expect(errorBodySchema.parse(body)).toEqual(body);
  });
});
