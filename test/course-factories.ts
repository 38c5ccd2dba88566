import { testDb, uniqueName } from "@/test/factories";

// Course content for tests, written straight to the database (like test/factories.ts): each test builds
// the course it needs in its own organization. Positions follow the order of the arrays.

export type LessonKind = "text" | "video" | "file" | "scorm" | "cmi5" | "quiz";

export interface LessonSpec {
  title?: string;
  kind?: LessonKind;
  isRequired?: boolean;
  body?: string;
  mediaUrl?: string | null;
  storageKey?: string | null;
  mimeType?: string | null;
  fileName?: string | null;
  durationSeconds?: number | null;
}

export interface ModuleSpec {
  title?: string;
  lessons?: LessonSpec[];
}

export interface CourseSpec {
  title?: string;
  description?: string;
  status?: "draft" | "published" | "archived";
  allowSelfEnrollment?: boolean;
  categoryId?: string | null;
  instructorIds?: string[];
  modules?: ModuleSpec[];
}

export interface TestLesson {
  id: string;
  moduleId: string;
  title: string;
  kind: LessonKind;
  isRequired: boolean;
}

export interface TestModule {
  id: string;
  title: string;
  lessons: TestLesson[];
}

export interface TestCourse {
  id: string;
  organizationId: string;
  title: string;
  modules: TestModule[];
  /** Every lesson in outline order. */
  lessons: TestLesson[];
}

/** A course with modules and lessons; published with one module of two text lessons unless told otherwise. */
export async function createCourse(organizationId: string, spec: CourseSpec = {}): Promise<TestCourse> {
  const db = testDb();
  const status = spec.status ?? "published";
  const course = await db.course.create({
    data: {
      organizationId,
      title: spec.title ?? uniqueName("Course "),
      description: spec.description ?? "",
      status,
      publishedAt: status === "draft" ? null : new Date(),
      allowSelfEnrollment: spec.allowSelfEnrollment ?? true,
      categoryId: spec.categoryId ?? null,
    },
  });
  if (spec.instructorIds?.length) {
    await db.courseInstructor.createMany({
      data: spec.instructorIds.map((userId) => ({ organizationId, courseId: course.id, userId })),
    });
  }
  const modules: TestModule[] = [];
  const moduleSpecs = spec.modules ?? [{ lessons: [{}, {}] }];
  for (const [moduleIndex, moduleSpec] of moduleSpecs.entries()) {
    const mod = await db.module.create({
      data: {
        organizationId,
        courseId: course.id,
        title: moduleSpec.title ?? `Module ${moduleIndex + 1}`,
        position: moduleIndex,
      },
    });
    const lessons: TestLesson[] = [];
    for (const [lessonIndex, lessonSpec] of (moduleSpec.lessons ?? []).entries()) {
      lessons.push(
        await createLesson(organizationId, course.id, mod.id, lessonIndex, {
          title: lessonSpec.title ?? `Lesson ${moduleIndex + 1}.${lessonIndex + 1}`,
          ...lessonSpec,
        }),
      );
    }
    modules.push({ id: mod.id, title: mod.title, lessons });
  }
  return { id: course.id, organizationId, title: course.title, modules, lessons: modules.flatMap((m) => m.lessons) };
}

export async function createLesson(
  organizationId: string,
  courseId: string,
  moduleId: string,
  position: number,
  spec: LessonSpec = {},
): Promise<TestLesson> {
  const kind = spec.kind ?? "text";
  const lesson = await testDb().lesson.create({
    data: {
      organizationId,
      courseId,
      moduleId,
      position,
      title: spec.title ?? uniqueName("Lesson "),
      kind,
      isRequired: spec.isRequired ?? true,
      body: spec.body ?? (kind === "text" ? "<p>Read this.</p>" : ""),
      mediaUrl: spec.mediaUrl ?? null,
      storageKey: spec.storageKey ?? null,
      mimeType: spec.mimeType ?? null,
      fileName: spec.fileName ?? null,
      durationSeconds: spec.durationSeconds ?? null,
    },
  });
  return { id: lesson.id, moduleId, title: lesson.title, kind, isRequired: lesson.isRequired };
}

export async function createCategory(
  organizationId: string,
  name = uniqueName("Category "),
): Promise<{ id: string; name: string }> {
  const category = await testDb().category.create({ data: { organizationId, name } });
  return { id: category.id, name: category.name };
}

/** An enrollment written directly (tests of other slices that only need "is enrolled"). */
export async function enroll(
  organizationId: string,
  courseId: string,
  userId: string,
  overrides: { status?: "active" | "completed" | "withdrawn"; source?: "self" | "manual" | "group" } = {},
) {
  return testDb().enrollment.create({
    data: {
      organizationId,
      courseId,
      userId,
      status: overrides.status ?? "active",
      source: overrides.source ?? "manual",
    },
  });
}
