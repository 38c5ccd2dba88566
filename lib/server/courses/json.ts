import "server-only";
import { formatDate } from "@/lib/calendar/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CourseAccess } from "@/lib/server/courses/access";
import { currentScormPackageSelect, scormPackageSummary } from "@/lib/server/scorm/json";

// Course, outline, module and lesson as the API and the pages see them (snake_case, named selects).

export const courseSummarySelect = {
  id: true,
  title: true,
  status: true,
  thumbnailUrl: true,
  updatedAt: true,
  publishedAt: true,
  // Kept by database triggers (prisma/schema.prisma): reading them costs nothing, counting rows did.
  moduleCount: true,
  lessonCount: true,
  enrollmentCount: true,
  category: { select: { id: true, name: true } },
} satisfies Prisma.CourseSelect;
export type CourseSummaryRow = Prisma.CourseGetPayload<{ select: typeof courseSummarySelect }>;

export const courseDetailSelect = {
  ...courseSummarySelect,
  description: true,
  allowSelfEnrollment: true,
  allowRetakes: true,
  startsOn: true,
  endsOn: true,
  dueOn: true,
  createdAt: true,
  createdBy: { select: { id: true, firstName: true, lastName: true } },
  instructors: {
    orderBy: { addedAt: "asc" },
    select: { user: { select: { id: true, firstName: true, lastName: true } } },
  },
} satisfies Prisma.CourseSelect;
export type CourseDetailRow = Prisma.CourseGetPayload<{ select: typeof courseDetailSelect }>;

export const placeholderUrl = (courseId: string) => `/api/courses/${courseId}/placeholder`;

export function courseSummaryJson(course: CourseSummaryRow) {
  return {
    id: course.id,
    title: course.title,
    status: course.status,
    thumbnail_url: course.thumbnailUrl ?? placeholderUrl(course.id),
    has_thumbnail: course.thumbnailUrl !== null,
    category: course.category,
    module_count: course.moduleCount,
    lesson_count: course.lessonCount,
    enrollment_count: course.enrollmentCount,
    updated_at: course.updatedAt.toISOString(),
    published_at: course.publishedAt?.toISOString() ?? null,
  };
}
export type CourseSummaryJson = ReturnType<typeof courseSummaryJson>;

export function courseJson(course: CourseDetailRow, viewer: Pick<CourseAccess, "canEdit" | "enrollment">) {
  return {
    ...courseSummaryJson(course),
    description: course.description,
    allow_self_enrollment: course.allowSelfEnrollment,
    allow_retakes: course.allowRetakes,
    start_date: course.startsOn && formatDate(course.startsOn),
    end_date: course.endsOn && formatDate(course.endsOn),
    due_date: course.dueOn && formatDate(course.dueOn),
    instructors: course.instructors.map(({ user }) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
    })),
    created_at: course.createdAt.toISOString(),
    // Null once its author's account is deleted: the course stays, shown as by "a deleted user".
    created_by: course.createdBy && {
      id: course.createdBy.id,
      first_name: course.createdBy.firstName,
      last_name: course.createdBy.lastName,
    },
    can_edit: viewer.canEdit,
    my_enrollment: viewer.enrollment && {
      id: viewer.enrollment.id,
      status: viewer.enrollment.status,
      progress_percent: viewer.enrollment.progressPercent,
      completed_at: viewer.enrollment.completedAt?.toISOString() ?? null,
    },
  };
}
export type CourseJson = ReturnType<typeof courseJson>;

export const moduleSelect = {
  id: true,
  courseId: true,
  title: true,
  description: true,
  position: true,
} satisfies Prisma.ModuleSelect;
export type ModuleRow = Prisma.ModuleGetPayload<{ select: typeof moduleSelect }>;

export function moduleJson(module: ModuleRow) {
  return {
    id: module.id,
    course_id: module.courseId,
    title: module.title,
    description: module.description,
    position: module.position,
  };
}
export type ModuleJson = ReturnType<typeof moduleJson>;

export const outlineLessonSelect = {
  id: true,
  moduleId: true,
  title: true,
  kind: true,
  position: true,
  isRequired: true,
  durationSeconds: true,
} satisfies Prisma.LessonSelect;
type OutlineLessonRow = Prisma.LessonGetPayload<{ select: typeof outlineLessonSelect }>;

export function outlineJson(courseId: string, modules: (ModuleRow & { lessons: OutlineLessonRow[] })[]) {
  return {
    course_id: courseId,
    modules: modules.map((m) => ({
      ...moduleJson(m),
      lessons: m.lessons.map((l) => ({
        id: l.id,
        module_id: l.moduleId,
        title: l.title,
        kind: l.kind,
        position: l.position,
        is_required: l.isRequired,
        duration_seconds: l.durationSeconds,
      })),
    })),
  };
}
export type OutlineJson = ReturnType<typeof outlineJson>;

export const lessonSelect = {
  ...outlineLessonSelect,
  courseId: true,
  body: true,
  mediaUrl: true,
  storageKey: true,
  fileName: true,
  fileSize: true,
  mimeType: true,
  scormPackages: currentScormPackageSelect,
} satisfies Prisma.LessonSelect;
export type LessonRow = Prisma.LessonGetPayload<{ select: typeof lessonSelect }>;

export const lessonMediaUrl = (courseId: string, lessonId: string) =>
  `/api/courses/${courseId}/lessons/${lessonId}/media`;

export function lessonJson(lesson: LessonRow) {
  return {
    id: lesson.id,
    course_id: lesson.courseId,
    module_id: lesson.moduleId,
    title: lesson.title,
    kind: lesson.kind,
    position: lesson.position,
    is_required: lesson.isRequired,
    body: lesson.body,
    // Uploads are served through the access-checked media route, never by their storage key.
    media_url: lesson.storageKey ? lessonMediaUrl(lesson.courseId, lesson.id) : lesson.mediaUrl,
    file_name: lesson.fileName,
    file_size: lesson.fileSize === null ? null : Number(lesson.fileSize),
    mime_type: lesson.mimeType,
    duration_seconds: lesson.durationSeconds,
    has_upload: lesson.storageKey !== null,
    /** The SCORM package the lesson plays (its highest version), or null. */
    scorm_package: lesson.scormPackages[0] ? scormPackageSummary(lesson.scormPackages[0]) : null,
  };
}
export type LessonJson = ReturnType<typeof lessonJson>;
