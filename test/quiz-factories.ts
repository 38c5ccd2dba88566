import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";

// Quizzes for tests, made through the question bank and quiz API as an instructor makes them (the banks'
// and questions' rules, the rich-text cleaning and the versioning all apply), in a course of its own.

async function created(response: Awaited<ReturnType<typeof callAs>>, status = 201): Promise<{ id: string }> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${response.text}`);
  return response.json;
}

export async function createQuestionBank(
  tenant: TestTenant,
  author: TestUser,
  name = uniqueName("Bank "),
  parentId?: string,
): Promise<string> {
  const bank = await created(
    await callAs(tenant.subdomain, author, "/api/question-banks", { json: { name, parent_id: parentId } }),
  );
  return bank.id;
}

/** A question of any type (its content as docs/assessments.md has it); named at random unless told. */
export async function createQuestion(
  tenant: TestTenant,
  author: TestUser,
  bankId: string,
  content: Record<string, unknown>,
): Promise<string> {
  const question = await created(
    await callAs(tenant.subdomain, author, `/api/question-banks/${bankId}/questions`, {
      json: { name: uniqueName("Q "), ...content },
    }),
  );
  return question.id;
}

export interface TestQuizLesson {
  course: TestCourse;
  moduleId: string;
  lessonId: string;
  /** The lesson's page path. */
  lessonPath: string;
}

/**
 * A published course taught by the tenant's instructor with one quiz lesson set up by `settings` (the body
 * of PUT …/quiz: slots and rules), and the learners enrolled.
 */
export async function createQuizLesson(
  tenant: TestTenant,
  settings: Record<string, unknown>,
  learners: TestUser[] = [tenant.users.learner],
): Promise<TestQuizLesson> {
  const instructor = tenant.users.instructor;
  const course = await createCourse(tenant.id, {
    instructorIds: [instructor.id],
    modules: [{ title: "Checks", lessons: [{ kind: "quiz", title: "Final check" }] }],
  });
  for (const learner of learners) await enroll(tenant.id, course.id, learner.id);
  const lesson = course.lessons[0]!;
  await created(
    await callAs(tenant.subdomain, instructor, `/api/courses/${course.id}/lessons/${lesson.id}/quiz`, {
      method: "PUT",
      json: settings,
    }),
    200,
  );
  return {
    course,
    moduleId: lesson.moduleId,
    lessonId: lesson.id,
    lessonPath: `/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  };
}
