// The JSON the authoring screens read: the API's own types (snake_case), imported as types only.
import type { OutlineJson } from "@/lib/server/courses/json";

export type { CourseJson, CourseSummaryJson, LessonJson, ModuleJson, OutlineJson } from "@/lib/server/courses/json";
export type { CategoryJson } from "@/lib/server/categories/queries";

export type OutlineModuleJson = OutlineJson["modules"][number];
export type OutlineLessonJson = OutlineModuleJson["lessons"][number];

/** A user as the pickers list them (GET /api/users). */
export type { UserDirectoryEntry as PersonJson } from "@/lib/server/users/queries";

/** GET /api/courses/{id}/enrollments items: an enrollment with its user. */
export type { EnrollmentWithUserJson } from "@/lib/server/enrollments/json";
