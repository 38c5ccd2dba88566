import type { XapiVersion } from "@/lib/xapi/validate";

/** What a resource's handler gets: the request as the spec's parts, whichever syntax carried them. */
export interface XapiRequest {
  method: string;
  resource: string;
  params: URLSearchParams;
  headers: Headers;
  body: Buffer;
  version: XapiVersion;
  /** The path of the statements resource on this host, for `more` links. */
  statementsPath: string;
}

/** An answer before the common headers are added. */
export interface XapiAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | null;
}

export const jsonAnswer = (value: unknown, status = 200, headers: Record<string, string> = {}): XapiAnswer => ({
  status,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(value),
});
