import { apiGet, apiPost, apiPut } from "./api";
import { ApiError } from "./api-error";
import { FALLBACK_MESSAGES } from "./fallback-messages";

// The spec's calls (docs/specification.md "Calls") as the browser makes them, each with its fallback message
// ("Wording"): the server's own message is preferred; the fallback is shown when the server gave none.

/** The message for a failed call: the server's, the fetch layer's for a failure of its own, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.generic && error.message ? error.message : fallback;
}

/** Runs a call; a failure is rethrown as an ApiError carrying failureMessage(…, fallback). */
export async function withFallback<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const message = failureMessage(error, fallback);
    if (error instanceof ApiError) {
      if (message === error.message) throw error;
      throw new ApiError(message, {
        status: error.status,
        code: error.code,
        fieldErrors: error.fieldErrors,
        cause: error,
      });
    }
    throw new ApiError(message, { status: 0, code: "CLIENT_ERROR", cause: error });
  }
}

/**
 * The browser signs in through next-auth's credentials form, which reports a failure as a string: our
 * server's message, or next-auth's own code ("CredentialsSignin") when there is none.
 */
export function loginFailureMessage(nextAuthError: string | null | undefined): string {
  return nextAuthError && nextAuthError !== "CredentialsSignin" ? nextAuthError : FALLBACK_MESSAGES.login;
}

export function registerAccount<T>(body: unknown): Promise<T> {
  return withFallback(FALLBACK_MESSAGES.register, () => apiPost<T>("/auth/register", body));
}

export function registerOrganization<T>(body: unknown): Promise<T> {
  return withFallback(FALLBACK_MESSAGES.registerOrganization, () => apiPost<T>("/auth/register-organization", body));
}

export function fetchProfile<T>(): Promise<T> {
  return withFallback(FALLBACK_MESSAGES.fetchProfile, () => apiGet<T>("/auth/profile"));
}

/** JSON, or FormData when an avatar is sent. */
export function updateProfile<T>(body: unknown): Promise<T> {
  return withFallback(FALLBACK_MESSAGES.updateProfile, () => apiPut<T>("/auth/profile", body));
}

export const UNREAD_COUNT_PATH = "/api/messages/unread-count";

export function fetchUnreadCount(): Promise<{ unreadCount: number }> {
  return withFallback(FALLBACK_MESSAGES.unreadCount, () => apiGet<{ unreadCount: number }>(UNREAD_COUNT_PATH));
}

/** POST /scorm-tracking { lessonId, status, progress } → { lessonId, progress } */
export function updateScormProgress<T>(payload: { lessonId: string; status: string; progress: number }): Promise<T> {
  return withFallback(FALLBACK_MESSAGES.scormProgress, () => apiPost<T>("/scorm-tracking", payload));
}

export const GROUPS_PATH = "/api/admin/groups";

export function fetchGroups<T>(query = ""): Promise<T> {
  return withFallback(FALLBACK_MESSAGES.groups, () => apiGet<T>(`${GROUPS_PATH}${query}`));
}
