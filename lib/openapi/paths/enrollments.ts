import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  courseProgressSchema,
  createEnrollmentsResponseSchema,
  enrollmentListSchema,
  enrollmentSchema,
  recordProgressResponseSchema,
} from "@/lib/openapi/responses/enrollments";
import {
  createEnrollmentsSchema,
  lessonProgressSchema,
  listEnrollmentsQuerySchema,
  updateEnrollmentSchema,
} from "@/lib/schemas/enrollments";

// app/api/courses/[courseId]/{enrollments,progress,lessons/[lessonId]/progress} and app/api/enrollments/**.

export const enrollmentPaths = definePaths("Enrollments", {
  "/api/courses/{courseId}/enrollments": {
    requestParams: { path: pathIds("courseId") },
    post: {
      operationId: "createEnrollments",
      summary: "Enroll yourself, or (course editors) enroll users",
      description:
        "Without user_ids the caller enrolls themselves: the course must be published and allow self-enrollment, else 403 " +
        "with a message saying why; a withdrawn enrollment is reactivated with its progress kept. With user_ids, staff who " +
        "can edit the course enroll those users. An empty body is a self-enrollment.",
      access: "signed-in",
      permission: "enrollments:manage",
      requestBody: { ...jsonBody(createEnrollmentsSchema), required: false },
      responses: { 201: json("The enrollments made or reactivated", createEnrollmentsResponseSchema) },
      errors: [400, 404],
    },
    get: {
      operationId: "listEnrollments",
      summary: "The course's enrollments with their learners (course editors)",
      description: "q searches the learner's name, email and username.",
      access: "signed-in",
      permission: "enrollments:manage",
      requestParams: { query: listEnrollmentsQuerySchema },
      responses: { 200: json("One page of enrollments", enrollmentListSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/enrollments/{enrollmentId}": {
    requestParams: { path: pathIds("enrollmentId") },
    patch: {
      operationId: "updateEnrollment",
      summary: "Withdraw or reactivate an enrollment (course editors)",
      access: "signed-in",
      permission: "enrollments:manage",
      requestBody: jsonBody(updateEnrollmentSchema),
      responses: { 200: json("The updated enrollment", enrollmentSchema) },
      errors: [400, 404],
    },
    delete: {
      operationId: "withdrawEnrollment",
      summary: "Withdraw (the learner themselves or a course editor)",
      description: "The enrollment's status becomes withdrawn; its lesson progress is kept.",
      access: "signed-in",
      responses: { 204: noContent },
      errors: [404],
    },
  },
  "/api/courses/{courseId}/progress": {
    requestParams: { path: pathIds("courseId") },
    get: {
      operationId: "getCourseProgress",
      summary: "The caller's enrollment and lesson progress in a course",
      description: "Not enrolled: `{ enrollment: null, lessons: [] }`.",
      access: "signed-in",
      permission: "courses:enroll:self",
      responses: { 200: json("The caller's progress", courseProgressSchema) },
      errors: [404],
    },
  },
  "/api/courses/{courseId}/lessons/{lessonId}/progress": {
    requestParams: { path: pathIds("courseId", "lessonId") },
    put: {
      operationId: "recordLessonProgress",
      summary: "Record a video position or mark a lesson complete",
      description:
        "Needs an enrollment (409 otherwise). Reaching the end of a video completes it; the enrollment's progress_percent " +
        "is recomputed. SCORM lessons report through their player instead (400).",
      access: "signed-in",
      permission: "courses:enroll:self",
      requestBody: jsonBody(lessonProgressSchema),
      responses: { 200: json("The lesson's progress and the enrollment", recordProgressResponseSchema) },
      errors: [400, 404, 409],
    },
  },
});
