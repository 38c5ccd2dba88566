import { forbidden, notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

/**
 * Course content for the learner's pages: a course the caller may not open is the 403 page (forbidden.tsx
 * shows the modules message), one they may not know of is the 404 page.
 */
export async function loadContentOrDeny<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === "FORBIDDEN") forbidden();
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
