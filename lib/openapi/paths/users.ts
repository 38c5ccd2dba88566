import { endedSessionsSchema } from "@/lib/openapi/responses/sessions";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  bulkUserResultSchema,
  createdUserSchema,
  userDirectoryPageSchema,
} from "@/lib/openapi/responses/users";
import {
  bulkUserActionSchema,
  createUserSchema,
  listUserDirectoryQuerySchema,
  listUsersQuerySchema,
  updateUserSchema,
} from "@/lib/schemas/users";

// app/api/users/route.ts: a read-only directory for staff's pickers (enroll learners, choose instructors).
// app/api/admin/users/**: the user administration (users:manage: org admins and admins), with its role
// rules (docs/permissions.md "Users").

const RULES =
  "Org admins cannot create, promote to or change an administrator (403); nobody changes their own role, deactivates or " +
  "deletes themselves (403); nobody demotes, deactivates or deletes the organization's last active org_admin (409).";

export const userPaths = definePaths("Users", {
  "/api/users": {
    get: {
      operationId: "listUserDirectory",
      summary: "The organization's active users, for pickers (staff: instructors and administrators)",
      description:
        "`role` filters by role (`staff` = instructors and administrators); `q` searches first and last name, e-mail and username. " +
        "Ordered by last and first name. Answers id, names, e-mail and role only.",
      access: "signed-in",
      permission: "enrollments:manage",
      requestParams: { query: listUserDirectoryQuerySchema },
      responses: { 200: json("A page of users", userDirectoryPageSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/admin/users": {
    get: {
      operationId: "listAdminUsers",
      summary: "The organization's users, for its administrators (org admins and admins)",
      description:
        "`q` searches first and last name, e-mail and username; `role`, `status` and `group_id` filter; `sort` orders by " +
        "name, email, username, role, status or last_login_at (`order` asc or desc; ties by id).",
      access: "signed-in",
      permission: "users:manage",
      requestParams: { query: listUsersQuerySchema },
      responses: { 200: json("A page of users", adminUserPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createUser",
      summary: "Add a user: invited by e-mail, or with an initial password",
      description:
        "Without `password`, the person gets an invitation e-mail with a single-use link (7 days) to `/reset-password/{token}`, " +
        "where they set their password. `username` defaults to the e-mail's local part. `group_ids` puts them in groups, " +
        `which enrolls them in the groups' courses at once. E-mail and username are unique in the organization (409). ${RULES}`,
      access: "signed-in",
      permission: "users:manage",
      requestBody: jsonBody(createUserSchema),
      responses: { 201: json("The new user, and whether the invitation went out", createdUserSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/users/{userId}": {
    requestParams: { path: pathIds("userId") },
    get: {
      operationId: "getAdminUser",
      summary: "A user of the organization, with their groups, pending invitation and what deleting them would take",
      access: "signed-in",
      permission: "users:manage",
      responses: { 200: json("The user", adminUserDetailSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateUser",
      summary: "Change a user's names, e-mail, username, role, status or groups",
      description:
        "`status: suspended` deactivates (they cannot sign in, and their cookie and bearer tokens stop working at the next " +
        "request), `active` reactivates. A change of role also ends their sessions. `group_ids` is the complete new list of " +
        `their groups: joining enrolls them in a group's courses, leaving withdraws what no other group gives (progress kept). ${RULES}`,
      access: "signed-in",
      permission: "users:manage",
      requestBody: jsonBody(updateUserSchema),
      responses: { 200: json("The user", adminUserDetailSchema) },
      errors: [400, 403, 404, 409],
    },
    delete: {
      operationId: "deleteUser",
      summary: "Delete a user",
      description:
        "Their enrollments, progress, SCORM attempts, group memberships, messages and place in conversations go. Courses, " +
        `groups, events and conversations they created stay, with no creator (shown as a deleted user). ${RULES}`,
      access: "signed-in",
      permission: "users:manage",
      responses: { 204: noContent },
      errors: [403, 404, 409],
    },
  },
  "/api/admin/users/bulk": {
    post: {
      operationId: "bulkUserAction",
      summary: "One action on many users: deactivate, reactivate, add to a group, enroll in a course",
      description:
        "All or nothing, up to 5,000 users. `add_to_group` and `enroll` are the groups' and enrollments' own services " +
        `(set-based; people already in the group or enrolled are left as they are). Unknown users are a 400 naming them. ${RULES}`,
      access: "signed-in",
      permission: "users:manage",
      requestBody: jsonBody(bulkUserActionSchema),
      responses: { 200: json("How many people the action changed", bulkUserResultSchema) },
      errors: [400, 403, 404, 409],
    },
  },
  "/api/admin/users/{userId}/sessions": {
    requestParams: { path: pathIds("userId") },
    delete: {
      operationId: "signOutUserEverywhere",
      summary: "Sign the user out everywhere",
      description:
        "Every session of the user ends at once, on every device and app node; they sign in again. Audited with the address. " +
        RULES,
      access: "signed-in",
      permission: "users:manage",
      responses: { 200: json("How many sessions ended", endedSessionsSchema) },
      errors: [403, 404],
    },
  },
  "/api/admin/users/{userId}/invitation": {
    requestParams: { path: pathIds("userId") },
    post: {
      operationId: "inviteUser",
      summary: "Send the set-password invitation (again)",
      description:
        "For someone who has never signed in (else 409: they use 'Forgot password'); the earlier link stops working.",
      access: "signed-in",
      permission: "users:manage",
      responses: { 200: json("The user, with the new invitation", adminUserDetailSchema) },
      errors: [403, 404, 409, 503],
    },
  },
});
