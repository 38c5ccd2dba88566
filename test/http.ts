import { request as httpRequest } from "node:http";

// HTTP against the test server with any Host header: Node does not resolve *.localhost by itself, so
// we connect to 127.0.0.1 and name the tenant in Host, as a browser on acme.localhost would.

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw bytes of the answer; `text` is them as UTF-8. */
  body: Buffer;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary shapes
}

export interface TestRequest {
  method?: string;
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
  bearer?: string;
  /** Simulated client IP (the test server trusts X-Forwarded-For). Random by default. */
  ip?: string;
  /** Another server than the test server (one a test started itself). */
  port?: number;
  /** The loopback address to connect from (127.0.0.0/8): a client of its own to a proxy that sets X-Forwarded-For. */
  localAddress?: string;
}

export const testPort = () => Number(process.env.TEST_PORT ?? 3100);
export const hostFor = (subdomain: string | null) =>
  subdomain ? `${subdomain}.localhost:${testPort()}` : `localhost:${testPort()}`;
export const randomIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 254) + 1;

export function call(subdomain: string | null, path: string, options: TestRequest = {}): Promise<TestResponse> {
  const port = options.port ?? testPort();
  const headers: Record<string, string> = {
    host: `${subdomain ? `${subdomain}.` : ""}localhost:${port}`,
    "x-forwarded-for": options.ip ?? randomIp(),
    ...options.headers,
  };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? (body ? "POST" : "GET"),
        headers,
        localAddress: options.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString("utf8");
          let json: unknown = undefined;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: the assertion will say so */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw, text, json });
        });
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}
