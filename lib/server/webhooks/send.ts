import "server-only";
import type { ClientRequest } from "node:http";
import { guardedRequest } from "@/lib/net/egress-guard";

// One POST of a webhook message through the egress guard: connected only to an address the guard allows,
// no redirect followed, given up after 15 seconds (the lookup included). The response body is never read:
// only the status and the time it took are kept.

export const DELIVERY_TIMEOUT_MS = 15_000;

export interface SendOutcome {
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  /** Why no status came (a timeout, a refused connection, an address the guard refused). */
  error: string | null;
  durationMs: number;
}

export async function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let request: ClientRequest | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds`);
      timedOut = true;
      request?.destroy(error);
      reject(error);
    }, DELIVERY_TIMEOUT_MS);
  });
  try {
    const status = await Promise.race([timeout, send()]);
    return { status, error: null, durationMs: elapsed() };
  } catch (error) {
    return { status: null, error: describe(error), durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }

  async function send(): Promise<number> {
    request = await guardedRequest(new URL(url), {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "LearningManagement-Webhooks/1",
      },
    });
    const req = request;
    if (timedOut) req.destroy();
    return new Promise<number>((resolve, reject) => {
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      });
      req.on("error", reject);
      req.end(body);
    });
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  return (typeof code === "string" ? `${code}: ${message}` : message).slice(0, 300);
}
