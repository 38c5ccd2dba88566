import "server-only";
import { verifyPassword } from "@/lib/auth/password";
import { clearBuckets, recordFailure, secondsUntilAllowed, type Bucket } from "@/lib/auth/rate-limit";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * The current password, asked again before a password or e-mail change. Wrong guesses are counted per
 * user like sign-in failures, so a session left open cannot be used to try passwords without end.
 */
export async function checkCurrentPassword(userId: string, passwordHash: string, given: string): Promise<void> {
  const bucket: Bucket = {
    key: `password-check:${userId}`,
    limit: env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
    windowSeconds: env.LOGIN_WINDOW_SECONDS,
  };
  const wait = await secondsUntilAllowed([bucket]);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw new AppError(
      "RATE_LIMITED",
      `Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      { headers: { "Retry-After": String(wait) } },
    );
  }
  if (!(await verifyPassword(passwordHash, given))) {
    await recordFailure([bucket]);
    throw new AppError("VALIDATION_FAILED", "Current password is incorrect", {
      fieldErrors: { current_password: ["Current password is incorrect"] },
    });
  }
  await clearBuckets([bucket.key]);
}
