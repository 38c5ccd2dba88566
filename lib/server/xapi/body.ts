import "server-only";
import { XapiError } from "@/lib/server/xapi/errors";

/** Statements with their attachments, and documents, arrive whole: larger bodies are a 413. */
export const XAPI_MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function readRequestBody(req: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new XapiError(413, `The request body is larger than ${maxBytes / 1024 / 1024} MB`);
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
