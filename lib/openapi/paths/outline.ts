import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import { lessonSchema, moduleSchema, outlineSchema } from "@/lib/openapi/responses/outline";
import {
  createLessonSchema,
  createModuleSchema,
  reorderOutlineSchema,
  updateModuleSchema,
} from "@/lib/schemas/outline";

// app/api/courses/[courseId]/{outline,modules/**}: the module/lesson tree and its order.

export const outlinePaths = definePaths("Outline", {
  "/api/courses/{courseId}/outline": {
    requestParams: { path: pathIds("courseId") },
    get: {
      operationId: "getOutline",
      summary: "The course's modules and lessons, in order",
      description: "Anyone who may see the course sees its outline (not the lessons' content).",
      access: "signed-in",
      responses: { 200: json("The outline", outlineSchema) },
      errors: [404],
    },
    put: {
      operationId: "reorderOutline",
      summary: "Reorder modules and lessons in one request (course editors)",
      description:
        "Names every module of the course once, each with all its lessons in their new order; lessons may move between " +
        "modules. Applied in one transaction; 409 when the outline changed since it was loaded.",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(reorderOutlineSchema),
      responses: { 200: json("The outline in its new order", outlineSchema) },
      errors: [400, 404, 409],
    },
  },
  "/api/courses/{courseId}/modules": {
    requestParams: { path: pathIds("courseId") },
    post: {
      operationId: "createModule",
      summary: "Add a module at the end of the course (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(createModuleSchema),
      responses: { 201: json("The new module", moduleSchema) },
      errors: [400, 404],
    },
  },
  "/api/courses/{courseId}/modules/{moduleId}": {
    requestParams: { path: pathIds("courseId", "moduleId") },
    patch: {
      operationId: "updateModule",
      summary: "Rename or describe a module (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(updateModuleSchema),
      responses: { 200: json("The updated module", moduleSchema) },
      errors: [400, 404],
    },
    delete: {
      operationId: "deleteModule",
      summary: "Delete a module and its lessons (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      responses: { 204: noContent },
      errors: [404],
    },
  },
  "/api/courses/{courseId}/modules/{moduleId}/lessons": {
    requestParams: { path: pathIds("courseId", "moduleId") },
    post: {
      operationId: "createLesson",
      summary: "Add a lesson at the end of a module (course editors)",
      access: "signed-in",
      permission: "courses:update:own",
      requestBody: jsonBody(createLessonSchema),
      responses: { 201: json("The new lesson", lessonSchema) },
      errors: [400, 404],
    },
  },
});
