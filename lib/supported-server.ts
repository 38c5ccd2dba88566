import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";

/**
 * Per-IP rate limits need each client's real address, which Next does not give route handlers: our
 * server (server/app-server.ts: npm start, npm run demo, npm run dev) stamps the socket address into
 * every request. Plain `next start` or `next dev` may run only behind a reverse proxy that sets
 * X-Forwarded-For (TRUST_PROXY=true); otherwise every client would share one rate-limit bucket, so they
 * refuse to start. Called by instrumentation.ts when a Next server starts.
 */
export async function refuseServerWithoutClientAddress(): Promise<void> {
  if (env.LMS_APP_SERVER === "custom" || env.TRUST_PROXY) return;
  logger().fatal(
    "Refusing to start: run the app with `npm start` (or `npm run dev`), which knows each client's address for rate limits; " +
      "plain `next start` is supported only behind a reverse proxy that sets X-Forwarded-For, with TRUST_PROXY=true.",
  );
  process.exit(1);
}
