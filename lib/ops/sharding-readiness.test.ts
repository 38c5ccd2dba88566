import { describe, expect, it } from "vitest";
import { shardingReport } from "@/lib/ops/sharding-readiness";

describe("shardingReport", () => {
  it("names every change a tenant table needs, and sorts tables into ready, root and reference", () => {
    const report = shardingReport(
      [
        { name: "Organization", organizationIdNotNull: null },
        { name: "Course", organizationIdNotNull: true },
        { name: "Lesson", organizationIdNotNull: true },
        { name: "User", organizationIdNotNull: false },
        { name: "Country", organizationIdNotNull: null },
        { name: "Tag", organizationIdNotNull: null },
      ],
      [
        { table: "Course", name: "Course_pkey", primary: true, columns: ["organizationId", "id"] },
        { table: "Lesson", name: "Lesson_pkey", primary: true, columns: ["id"] },
        { table: "Lesson", name: "Lesson_slug_key", primary: false, columns: ["slug", null] },
        { table: "User", name: "User_pkey", primary: true, columns: ["organizationId", "id"] },
        { table: "Country", name: "Country_pkey", primary: true, columns: ["code"] },
      ],
      [
        {
          table: "Course",
          name: "Course_org_fkey",
          columns: ["organizationId"],
          target: "Organization",
          targetColumns: ["id"],
        },
        {
          table: "Lesson",
          name: "Lesson_course_fkey",
          columns: ["organizationId", "courseId"],
          target: "Course",
          targetColumns: ["organizationId", "id"],
        },
        { table: "User", name: "User_course_fkey", columns: ["courseId"], target: "Course", targetColumns: ["id"] },
        { table: "Tag", name: "Tag_course_fkey", columns: ["courseId"], target: "Course", targetColumns: ["id"] },
      ],
    );
    expect(report).toEqual({
      ready: ["Course"],
      root: "Organization",
      reference: ["Country", "Tag"],
      changes: [
        'Lesson: primary key (id) must include "organizationId"',
        'Lesson: unique index Lesson_slug_key (slug, (expression)) must include "organizationId"',
        'Tag: a reference table may not point at Course (Tag_course_fkey); give it "organizationId"',
        'User: foreign key User_course_fkey (courseId) → Course must include "organizationId" on both sides',
        'User: make "organizationId" NOT NULL',
      ],
    });
  });
});
