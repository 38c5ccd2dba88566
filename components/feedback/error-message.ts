import { ApiError } from "@/lib/client/api";

/** What to show for a failed request: the server's own message when there is one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
