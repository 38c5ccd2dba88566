import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { AppError, errorBody } from "../lib/errors";
import { API_HEADERS, COMMON_HEADERS } from "../lib/security-headers";

// Requests the app never sees, answered at the door like every other refusal: a JSON { error } with the
// codes of lib/errors.ts and the API's security headers. Without this, Node answers a bare 400/431 to what
// it cannot parse, and Next a plain-text 500 to a path whose percent-encoding does not decode (`%ZZ`).

const HEADERS = Object.fromEntries([...COMMON_HEADERS, ...API_HEADERS].map(({ key, value }) => [key, value]));

function answerText(error: AppError): { status: number; headers: Record<string, string>; text: string } {
  const text = JSON.stringify(errorBody(error));
  return {
    status: error.status,
    headers: { ...HEADERS, "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) },
    text,
  };
}

/** A path that is not valid percent-encoded UTF-8: a 400 here, before Next fails on it. Returns whether it answered. */
export function answerUndecodablePath(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? "/").split("?")[0]!;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    const { status, headers, text } = answerText(
      new AppError("BAD_REQUEST", "The address is not valid: its percent-encoding does not decode"),
    );
    res.writeHead(status, headers).end(text);
    return true;
  }
}

/** Node's clientError: what it could not parse as HTTP (headers too large, a malformed request line). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const appError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("HEADERS_TOO_LARGE", "The address or headers of the request are too long")
      : new AppError("BAD_REQUEST", "The request could not be read as HTTP");
  const { status, headers, text } = answerText(appError);
  const head = Object.entries({ ...headers, connection: "close" })
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n");
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\n${head}\r\n\r\n${text}`,
  );
}
