import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type {
  courseLessonsReportSchema,
  courseReportRowSchema,
  groupReportRowSchema,
  learnerDetailReportSchema,
  learnerReportRowSchema,
  lessonLearnerRowSchema,
  organizationReportRowSchema,
  refreshReportsSchema,
  reportOverviewSchema,
} from "@/lib/openapi/responses/reports";
import type { CourseReportRow } from "@/lib/server/reports/courses";
import type { GroupReportRow } from "@/lib/server/reports/groups";
import type { LearnerDetailJson } from "@/lib/server/reports/learner-detail";
import type { LearnerReportRow } from "@/lib/server/reports/learners";
import type { CourseLessonsJson, LessonLearnerRow } from "@/lib/server/reports/lessons";
import type { OrganizationReportRow } from "@/lib/server/reports/organizations";
import type { OverviewJson } from "@/lib/server/reports/overview";
import type { RefreshJson } from "@/lib/server/reports/refresh";

describe("the reports' response schemas say what the services return", () => {
  it("types", () => {
    expectTypeOf<z.output<typeof reportOverviewSchema>>().toEqualTypeOf<OverviewJson>();
    expectTypeOf<z.output<typeof courseReportRowSchema>>().toEqualTypeOf<CourseReportRow>();
    expectTypeOf<z.output<typeof groupReportRowSchema>>().toEqualTypeOf<GroupReportRow>();
    expectTypeOf<z.output<typeof learnerReportRowSchema>>().toEqualTypeOf<LearnerReportRow>();
    expectTypeOf<z.output<typeof organizationReportRowSchema>>().toEqualTypeOf<OrganizationReportRow>();
    expectTypeOf<z.output<typeof courseLessonsReportSchema>>().toEqualTypeOf<CourseLessonsJson>();
    expectTypeOf<z.output<typeof lessonLearnerRowSchema>>().toEqualTypeOf<LessonLearnerRow>();
    expectTypeOf<z.output<typeof learnerDetailReportSchema>>().toEqualTypeOf<LearnerDetailJson>();
    expectTypeOf<z.output<typeof refreshReportsSchema>>().toEqualTypeOf<RefreshJson>();
  });
});
