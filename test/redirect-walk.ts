import { request as httpRequest } from "node:http";
import { testPort } from "@/test/http";

// A browser's walk through redirects, for sign-ins that hop between the app and an identity provider:
// cookies kept per host, each Location followed, every answer recorded. Names below .localhost are the
// app (connect to 127.0.0.1 and send the name as Host), anything else is connected to as it is named.

export interface Hop {
  url: string;
  status: number;
  location: string | null;
  setCookies: string[];
  text: string;
}

export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  header(host: string): string {
    return [...(this.byHost.get(host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get(host: string, name: string): string | undefined {
    return this.byHost.get(host)?.get(name);
  }

  set(host: string, name: string, value: string): void {
    const cookies = this.byHost.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.byHost.set(host, cookies);
  }

  store(host: string, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.byHost.get(host)?.delete(name);
      else this.set(host, name, value);
    }
  }
}

export function get(url: string, jar: CookieJar): Promise<Hop> {
  return send(url, jar, "GET");
}

/**
 * A form post, as the page of another site (an IdP's) makes the browser send it: cross-site, with that
 * site's origin; then, like `walk`, every redirect after it followed.
 */
export async function postForm(url: string, jar: CookieJar, fields: Record<string, string>, from: string) {
  const body = new URLSearchParams(fields).toString();
  const first = await send(
    url,
    jar,
    "POST",
    {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      origin: new URL(from).origin,
      "sec-fetch-site": "cross-site",
    },
    body,
  );
  return first.location && first.status >= 300 && first.status < 400
    ? [first, ...(await walk(first.location, jar))]
    : [first];
}

function send(
  url: string,
  jar: CookieJar,
  method: string,
  extraHeaders: Record<string, string> = {},
  body?: string,
): Promise<Hop> {
  const target = new URL(url);
  const isApp = target.hostname === "localhost" || target.hostname.endsWith(".localhost");
  const cookie = jar.header(target.host);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: isApp ? "127.0.0.1" : target.hostname,
        port: Number(target.port),
        path: `${target.pathname}${target.search}`,
        method,
        headers: {
          host: target.host,
          "x-forwarded-for": "10.9.8.7",
          "sec-fetch-mode": "navigate",
          ...extraHeaders,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const setCookies = res.headers["set-cookie"] ?? [];
          jar.store(target.host, setCookies);
          const location = res.headers.location ? new URL(res.headers.location, url).toString() : null;
          resolve({
            url,
            status: res.statusCode ?? 0,
            location,
            setCookies,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Follows redirects from `url` until an answer that is not one, or until `stop` says so; every hop in order. */
export async function walk(url: string, jar: CookieJar, stop: (hop: Hop) => boolean = () => false): Promise<Hop[]> {
  const hops: Hop[] = [];
  let next: string | null = url;
  while (next && hops.length < 20) {
    const hop = await get(next, jar);
    hops.push(hop);
    if (stop(hop) || hop.status < 300 || hop.status >= 400) break;
    next = hop.location;
  }
  return hops;
}

export const appUrl = (subdomain: string, path: string) => `http://${subdomain}.localhost:${testPort()}${path}`;
