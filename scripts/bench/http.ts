import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

// Requests to a server under test on 127.0.0.1, naming the tenant in the Host header (Node does not
// resolve *.localhost): the same trick as test/http.ts.

export interface Answer {
  status: number;
  text: string;
  json: unknown;
  /** The body's size on the wire (compressed when the server compressed it). */
  wireBytes: number;
  /** The answer's Content-Encoding, if any. */
  encoding?: string;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  return body;
}

export function call(
  port: number,
  host: string,
  path: string,
  options: { method?: string; json?: unknown; bearer?: string; cookie?: string; acceptEncoding?: string } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { host };
  if (body) headers["content-type"] = "application/json";
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.cookie) headers.cookie = `next-auth.session-token=${options.cookie}`;
  if (options.acceptEncoding) headers["accept-encoding"] = options.acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: options.method ?? (body ? "POST" : "GET"), headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const text = decode(body, encoding).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json, wireBytes: body.length, encoding });
        });
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}
