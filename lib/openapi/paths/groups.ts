import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  groupDetailSchema,
  groupListSchema,
  groupMemberPageSchema,
  groupMembersAddedSchema,
} from "@/lib/openapi/responses/groups";
import {
  addGroupMembersSchema,
  assignGroupCourseSchema,
  createGroupSchema,
  listGroupsQuerySchema,
  updateGroupSchema,
} from "@/lib/schemas/groups";

// app/api/admin/groups/**. Org admins and admins manage every group; instructors the groups they created
// and those assigned to a course they teach (others are 404s to them).

const WHO = "Org admins and admins: every group; instructors: the groups they created and those of courses they teach.";

export const groupPaths = definePaths("Groups", {
  "/api/admin/groups": {
    get: {
      operationId: "listGroups",
      summary: "The groups the caller manages, by name",
      description: `${WHO} \`q\` searches name and description.`,
      access: "signed-in",
      permission: "groups:manage",
      requestParams: { query: listGroupsQuerySchema },
      responses: { 200: json("A page of groups", groupListSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createGroup",
      summary: "Create a group (instructors and administrators)",
      access: "signed-in",
      permission: "groups:manage",
      requestBody: jsonBody(createGroupSchema),
      responses: { 201: json("The new group", groupDetailSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/groups/{groupId}": {
    requestParams: { path: pathIds("groupId") },
    get: {
      operationId: "getGroup",
      summary: "A group and its courses",
      description: WHO,
      access: "signed-in",
      permission: "groups:manage",
      responses: { 200: json("The group", groupDetailSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateGroup",
      summary: "Rename or describe a group",
      access: "signed-in",
      permission: "groups:manage",
      requestBody: jsonBody(updateGroupSchema),
      responses: { 200: json("The group", groupDetailSchema) },
      errors: [400, 403, 404, 409],
    },
    delete: {
      operationId: "deleteGroup",
      summary: "Delete a group",
      description:
        "Every member leaves: their group enrollments are withdrawn unless another group gives them the course; progress is kept.",
      access: "signed-in",
      permission: "groups:manage",
      responses: { 204: noContent },
      errors: [403, 404],
    },
  },
  "/api/admin/groups/{groupId}/members": {
    requestParams: { path: pathIds("groupId") },
    get: {
      operationId: "listGroupMembers",
      summary: "A group's members with their progress in its courses",
      access: "signed-in",
      permission: "groups:manage",
      requestParams: { query: listGroupsQuerySchema },
      responses: { 200: json("A page of members", groupMemberPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "addGroupMembers",
      summary: "Add people to a group (up to 5,000 at a time)",
      description:
        "They are enrolled at once in every course of the group (source `group`). People already in the group are skipped.",
      access: "signed-in",
      permission: "groups:manage",
      requestBody: jsonBody(addGroupMembersSchema),
      responses: { 200: json("How many joined, and the group", groupMembersAddedSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/groups/{groupId}/members/{userId}": {
    requestParams: { path: pathIds("groupId", "userId") },
    delete: {
      operationId: "removeGroupMember",
      summary: "Remove a member",
      description:
        "Their progress stays; their group enrollments are withdrawn unless another group gives them the course.",
      access: "signed-in",
      permission: "groups:manage",
      responses: { 204: noContent },
      errors: [403, 404],
    },
  },
  "/api/admin/groups/{groupId}/courses": {
    requestParams: { path: pathIds("groupId") },
    post: {
      operationId: "assignGroupCourse",
      summary: "Assign a course the caller may edit to the group",
      description: "Every member is enrolled (source `group`); members who join later are enrolled when they join.",
      access: "signed-in",
      permission: "groups:manage",
      requestBody: jsonBody(assignGroupCourseSchema),
      responses: { 201: json("The group", groupDetailSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/groups/{groupId}/courses/{courseId}": {
    requestParams: { path: pathIds("groupId", "courseId") },
    delete: {
      operationId: "unassignGroupCourse",
      summary: "Take a course away from the group",
      description: "Members keep their progress; group enrollments nothing else gives them are withdrawn.",
      access: "signed-in",
      permission: "groups:manage",
      responses: { 204: noContent },
      errors: [403, 404],
    },
  },
});
