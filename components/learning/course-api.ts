import { apiFetch, ApiError, type ApiRequestInit } from "@/lib/client/api";
import { CLIENT_ERROR_CODES } from "@/lib/client/api-error";

// The learner UI's browser calls for one course's data (progress, enrollment). A course URL that answers
// with an HTML page instead of JSON means a proxy or rewrite sent it to the wrong place: say so, naming the
// course, instead of the fetch layer's generic message.

export const COURSE_HTML_ERROR_CODE = "COURSE_HTML_RESPONSE";

function courseHtmlMessage(courseId: string): string {
  return `Server routing error: Received HTML instead of course data for course ID ${courseId}. Please check server configuration.`;
}

export async function fetchCourseData<T>(courseId: string, path: string, init?: ApiRequestInit): Promise<T> {
  try {
    return await apiFetch<T>(path, init);
  } catch (error) {
    if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.html) {
      throw new ApiError(courseHtmlMessage(courseId), { status: 500, code: COURSE_HTML_ERROR_CODE, cause: error });
    }
    throw error;
  }
}

export const lessonProgressPath = (courseId: string, lessonId: string) =>
  `/api/courses/${courseId}/lessons/${lessonId}/progress`;
export const courseEnrollmentsPath = (courseId: string) => `/api/courses/${courseId}/enrollments`;
