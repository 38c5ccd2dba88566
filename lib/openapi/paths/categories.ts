import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import { categoryListSchema, categorySchema } from "@/lib/openapi/responses/courses";
import { createCategorySchema, updateCategorySchema } from "@/lib/schemas/categories";

// app/api/categories/**. Anyone on the host may read them (for the catalog filter); admins manage them.

export const categoryPaths = definePaths("Categories", {
  "/api/categories": {
    get: {
      operationId: "listCategories",
      summary: "The organization's course categories, by name",
      description: "Public like the catalog, whose filter lists them.",
      access: "public",
      responses: { 200: json("Every category", categoryListSchema) },
      errors: [404],
    },
    post: {
      operationId: "createCategory",
      summary: "Create a category (org admins and admins)",
      access: "signed-in",
      permission: "categories:manage",
      requestBody: jsonBody(createCategorySchema),
      responses: { 201: json("The new category", categorySchema) },
      errors: [400, 404, 409],
    },
  },
  "/api/categories/{categoryId}": {
    requestParams: { path: pathIds("categoryId") },
    patch: {
      operationId: "updateCategory",
      summary: "Rename or describe a category (org admins and admins)",
      access: "signed-in",
      permission: "categories:manage",
      requestBody: jsonBody(updateCategorySchema),
      responses: { 200: json("The updated category", categorySchema) },
      errors: [400, 404, 409],
    },
    delete: {
      operationId: "deleteCategory",
      summary: "Delete a category (org admins and admins)",
      description: "A category still used by courses stays (409): move those courses first.",
      access: "signed-in",
      permission: "categories:manage",
      responses: { 204: noContent },
      errors: [404, 409],
    },
  },
});
