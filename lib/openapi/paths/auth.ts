import { z } from "zod";
import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import {
  emailConfirmedSchema,
  loginResponseSchema,
  ownProfileResponseSchema,
  profileSchema,
  profileUpdateResponseSchema,
  registerOrganizationResponseSchema,
  registerResponseSchema,
} from "@/lib/openapi/responses/auth";
import { messageSchema } from "@/lib/openapi/responses/common";
import { endedSessionSchema, endedSessionsSchema, ownSessionsSchema } from "@/lib/openapi/responses/sessions";
import {
  changeEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  registerOrganizationSchema,
  registerSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from "@/lib/schemas/auth";

// app/auth/**: sign-in, registration, password reset and the caller's own profile.

// The multipart form carries the same fields as strings (remove_avatar as "true"), plus the image.
const profileForm = z.object({
  ...updateProfileSchema.shape,
  remove_avatar: z.enum(["true", "false"]).optional(),
  email_on_message: z.enum(["true", "false"]).optional(),
  avatar: z.file().optional().meta({ description: "JPEG, PNG, WebP or GIF, at most 5 MB; stored as a 256 px WebP" }),
});

export const authPaths = definePaths("Auth", {
  "/auth/login": {
    post: {
      operationId: "login",
      summary: "Sign in with email and password",
      description:
        "On the organization's host (or the apex for the superadmin). Rate-limited per account (5 failures / 15 min) and per client IP (20 / 15 min).",
      access: "public",
      requestBody: jsonBody(loginSchema),
      responses: { 200: json("Signed in: a bearer token, the user and their organization", loginResponseSchema) },
      errors: [400, 401, 403, 429],
    },
  },
  "/auth/register": {
    post: {
      operationId: "register",
      summary: "Create a learner account in this organization",
      description: "Only where the organization allows self-registration (settings.allowSelfRegistration), else 403.",
      access: "public",
      requestBody: jsonBody(registerSchema),
      responses: { 201: json("Registered and signed in", registerResponseSchema) },
      errors: [400, 403, 409],
    },
  },
  "/auth/register-organization": {
    post: {
      operationId: "registerOrganization",
      summary: "Create an organization and its first administrator",
      description: "On the apex. The subdomain must be free and not reserved.",
      access: "public",
      requestBody: jsonBody(registerOrganizationSchema),
      responses: {
        201: json("The organization exists; its administrator is signed in", registerOrganizationResponseSchema),
      },
      errors: [400, 409],
    },
  },
  "/auth/profile": {
    get: {
      operationId: "getProfile",
      summary: "The caller's profile and organization",
      access: "signed-in",
      responses: { 200: json("The profile", profileSchema) },
    },
    put: {
      operationId: "updateProfile",
      summary: "Change the caller's own profile, password, avatar or preferences",
      description:
        "JSON, or multipart/form-data when an avatar image is sent; every field is optional. A new password needs the current one " +
        "(wrong guesses are limited like sign-ins) and ends every other session of the user: a bearer caller gets a new `token`, " +
        "a browser a renewed session cookie.",
      access: "signed-in",
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: updateProfileSchema },
          "multipart/form-data": { schema: profileForm },
        },
      },
      responses: { 200: json("The updated profile", profileUpdateResponseSchema) },
      errors: [400, 409, 413, 415, 429],
    },
  },
  "/auth/sessions": {
    get: {
      operationId: "listOwnSessions",
      summary: "The caller's active sessions (My Profile)",
      description:
        "Every session of the caller that has not ended, the most recently used first; `current` marks the one asking. " +
        "A session is one sign-in (password or single sign-on) on one device or API client.",
      access: "signed-in",
      responses: { 200: json("The sessions", ownSessionsSchema) },
    },
    delete: {
      operationId: "endOtherOwnSessions",
      summary: "Sign out of all other sessions",
      description: "Every session of the caller but the one asking ends at once, on every app node. Audited.",
      access: "signed-in",
      responses: { 200: json("How many sessions ended", endedSessionsSchema) },
    },
  },
  "/auth/sessions/{sessionId}": {
    requestParams: { path: pathIds("sessionId") },
    delete: {
      operationId: "endOwnSession",
      summary: "Sign out one of the caller's sessions",
      description:
        "Ends it at once, on every app node; its cookie or token is refused from the next request. Ending the session " +
        "asking is a logout (its cookie is cleared). Another person's session is a 404. Audited.",
      access: "signed-in",
      responses: { 200: json("The session ended", endedSessionSchema) },
      errors: [404],
    },
  },
  "/auth/profile/email": {
    post: {
      operationId: "requestEmailChange",
      summary: "Ask to change the caller's e-mail address",
      description:
        "Needs the current password. A single-use link (valid 24 hours) goes to the new address, which shows as `pending_email` " +
        "meanwhile; the address changes only when the link is confirmed, and the old address is then told.",
      access: "signed-in",
      requestBody: jsonBody(changeEmailSchema),
      responses: { 202: json("The profile with its pending address", ownProfileResponseSchema) },
      errors: [400, 409, 429, 503],
    },
    delete: {
      operationId: "cancelEmailChange",
      summary: "Forget a pending e-mail change (its link stops working)",
      access: "signed-in",
      responses: { 200: json("The profile", ownProfileResponseSchema) },
    },
  },
  "/auth/confirm-email/{token}": {
    requestParams: { path: z.object({ token: z.string().meta({ description: "From the confirmation e-mail" }) }) },
    post: {
      operationId: "confirmEmailChange",
      summary: "Confirm a new e-mail address with the link's token",
      description:
        "No session needed; only on the account's own host. Single-use and expiring: an invalid or used token is a 400; an address taken meanwhile a 409.",
      access: "public",
      responses: { 200: json("The address is changed", emailConfirmedSchema) },
      errors: [400, 409],
    },
  },
  "/auth/forgot-password": {
    post: {
      operationId: "forgotPassword",
      summary: "Mail a password-reset link",
      description: "Answers the same whether or not the account exists, so it reveals nothing.",
      access: "public",
      requestBody: jsonBody(forgotPasswordSchema),
      responses: { 200: json("The neutral confirmation", messageSchema) },
      errors: [400],
    },
  },
  "/auth/reset-password/{token}": {
    requestParams: {
      path: z.object({ token: z.string().meta({ description: "From the reset or invitation e-mail" }) }),
    },
    post: {
      operationId: "resetPassword",
      summary: "Set a password with a reset or invitation token",
      description:
        "Tokens are single-use, only good on their account's host while the account is active, and revoke the user's older sessions. " +
        "A reset token expires after 60 minutes (`RESET_TOKEN_TTL_MINUTES`), an invitation's after 7 days (`INVITATION_TOKEN_TTL_DAYS`). " +
        "An invalid, used or expired token is a 400.",
      access: "public",
      requestBody: jsonBody(resetPasswordSchema),
      responses: { 200: json("The password is changed", messageSchema) },
      errors: [400],
    },
  },
});
