import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import { courseListSchema, courseSchema } from "@/lib/openapi/responses/courses";
import { createCourseSchema, listCoursesQuerySchema, updateCourseSchema } from "@/lib/schemas/courses";

// app/api/courses/route.ts and app/api/courses/[courseId]/{route,thumbnail,placeholder}.

const course = pathIds("courseId");
const thumbnailForm = z.object({
  thumbnail: z.file().meta({ description: "JPEG, PNG, WebP or GIF, at most 5 MB by default (THUMBNAIL_MAX_BYTES)" }),
});

export const coursePaths = definePaths("Courses", {
  "/api/courses": {
    get: {
      operationId: "listCourses",
      summary: "Search the catalog, or list the courses the caller manages",
      description:
        "Anonymous callers and learners get the host organization's published catalog (q searches title and description; " +
        "category_id filters). Staff get view=manage by default (the courses they may edit; status filters apply) and can " +
        "ask for view=catalog.",
      access: "optional",
      requestParams: { query: listCoursesQuerySchema },
      responses: { 200: json("One page of courses", courseListSchema) },
      errors: [400, 404],
    },
    post: {
      operationId: "createCourse",
      summary: "Create a course",
      description: "Instructors, admins and org admins. An instructor who creates a course always teaches it.",
      access: "signed-in",
      permission: "courses:create",
      requestBody: jsonBody(createCourseSchema),
      responses: { 201: json("The new course", courseSchema) },
      errors: [400, 404],
    },
  },
  "/api/courses/{courseId}": {
    requestParams: { path: course },
    get: {
      operationId: "getCourse",
      summary: "A course with its description, instructors and the caller's enrollment",
      description: "A draft is visible to its editors only; everybody else gets a 404.",
      access: "signed-in",
      responses: { 200: json("The course", courseSchema) },
      errors: [404],
    },
    patch: {
      operationId: "updateCourse",
      summary: "Change a course (its editors)",
      description:
        "Publishing stamps published_at. Instructors edit the courses they teach (and cannot remove themselves from " +
        "instructor_ids); org admins and admins every course.",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(updateCourseSchema),
      responses: { 200: json("The updated course", courseSchema) },
      errors: [400, 404],
    },
    delete: {
      operationId: "deleteCourse",
      summary: "Delete a course with its outline (its editors)",
      description: "A course with enrollments is kept (409): archive it instead, so learners' records stay.",
      access: "signed-in",
      permission: "courses:update:own",
      responses: { 204: noContent },
      errors: [404, 409],
    },
  },
  "/api/courses/{courseId}/thumbnail": {
    requestParams: { path: course },
    put: {
      operationId: "uploadCourseThumbnail",
      summary: "Upload or replace the course's thumbnail",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: { required: true, content: { "multipart/form-data": { schema: thumbnailForm } } },
      responses: { 200: json("The course with its new thumbnail_url", courseSchema) },
      errors: [400, 404, 413, 415],
    },
    delete: {
      operationId: "deleteCourseThumbnail",
      summary: "Remove the thumbnail (the generated placeholder shows again)",
      access: "signed-in",
      permission: "courses:update:own",
      responses: { 200: json("The course", courseSchema) },
      errors: [404],
    },
  },
  "/api/courses/{courseId}/placeholder": {
    requestParams: { path: course },
    get: {
      operationId: "getCoursePlaceholder",
      summary: "The generated placeholder image of a course without a thumbnail",
      description: "An SVG drawn from the title. Public for published courses; drafts only for their editors.",
      access: "optional",
      responses: { 200: { description: "The image", content: { "image/svg+xml": { schema: z.string() } } } },
      errors: [404],
    },
  },
});
