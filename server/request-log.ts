import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "../lib/log/logger";
import type { LogContext } from "../lib/log/request-context";

// One log line per request, written when its answer is done (or the client went away): its id, method,
// route pattern, status, duration, the organization and user the app resolved, and the bytes sent. Never
// the path, the query, a header or a body: they carry tokens, cookies and people's data.

/** A request id a client or a proxy may choose (anything else is replaced, so a log line cannot be forged). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface FinishedRequest {
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/**
 * Gives the request its id (X-Request-Id in, or a new one; sent back in the answer) and logs it once its
 * answer is done. Returns the log context to run the request in; `onDone` sees every finished request.
 */
export function openRequestLog(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  onDone?: (request: FinishedRequest) => void,
): LogContext {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  const context: LogContext = { requestId, organizationId: null, userId: null };
  const started = process.hrtime.bigint();
  const { socket } = req;
  const bytesBefore = socket.bytesWritten;
  res.once("close", () => {
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
    const finished = { method: req.method ?? "", route, status: res.statusCode, durationMs };
    logger().info(
      {
        ...finished,
        requestId,
        organizationId: context.organizationId,
        userId: context.userId,
        bytes: socket.bytesWritten - bytesBefore,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
    onDone?.(finished);
  });
  return context;
}
