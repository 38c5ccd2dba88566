import "server-only";
import { logger } from "@/lib/log/logger";
import { readRequestBody, XAPI_MAX_BODY_BYTES } from "@/lib/server/xapi/body";
import { badRequest, XapiError } from "@/lib/server/xapi/errors";
import { lrsContext, type LrsContext } from "@/lib/server/xapi/lrs-context";
import { answerDocuments } from "@/lib/server/xapi/document-routes";
import { answerStatements } from "@/lib/server/xapi/statement-routes";
import { getActivity } from "@/lib/server/xapi/statement-queries";
import { parseAgentParam } from "@/lib/server/xapi/params";
import { jsonAnswer, type XapiAnswer, type XapiRequest } from "@/lib/server/xapi/answer";
import { scopesAllow } from "@/lib/xapi/scopes";
import { isIri, type XapiVersion } from "@/lib/xapi/validate";

// The LRS's one door (docs/xapi.md): every request below /xapi/ of an organization's host, as a web
// Request, answered as the xAPI spec asks: its version header on every answer, its status codes, plain
// messages, CORS for content on other origins (credentials in the Authorization header, never cookies),
// and, for xAPI 1.0.x clients, the alternate request syntax (a POST carrying the method, headers and
// content as a form).

export const XAPI_VERSIONS = ["2.0.0", "1.0.3"] as const;

const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match, Accept-Language",
  "Access-Control-Expose-Headers":
    "ETag, Last-Modified, Content-Type, X-Experience-API-Version, X-Experience-API-Consistent-Through",
  "Access-Control-Max-Age": "600",
};

function versionOf(header: string | null): XapiVersion | null {
  if (!header) return null;
  const value = header.trim();
  if (/^2\.0(\.\d+)?$/.test(value)) return "2.0";
  if (/^1\.0(\.\d+)?$/.test(value)) return "1.0";
  return null;
}

const ALTERNATE_HEADERS = [
  "authorization",
  "x-experience-api-version",
  "content-type",
  "content-length",
  "if-match",
  "if-none-match",
];

/** A 1.0.x alternate-syntax request unfolded into the request it stands for. */
function unfoldAlternate(
  req: Request,
  url: URL,
  body: Buffer,
): { method: string; params: URLSearchParams; headers: Headers; body: Buffer } {
  const method = url.searchParams.get("method")!.toUpperCase();
  if (req.method !== "POST") throw badRequest("The alternate request syntax is a POST");
  if ([...url.searchParams.keys()].some((k) => k !== "method"))
    throw badRequest("With the alternate request syntax, every parameter goes in the form body");
  if (!["GET", "HEAD", "PUT", "POST", "DELETE"].includes(method)) throw badRequest(`Unknown method ${method}`);
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get("content-type") ?? ""))
    throw badRequest("The alternate request syntax sends its form as application/x-www-form-urlencoded");
  const form = new URLSearchParams(body.toString("utf8"));
  const headers = new Headers();
  const params = new URLSearchParams();
  let content: Buffer = Buffer.alloc(0);
  for (const [name, value] of form) {
    const lower = name.toLowerCase();
    if (ALTERNATE_HEADERS.includes(lower)) headers.set(lower, value);
    else if (name === "content") content = Buffer.from(value, "utf8");
    else params.append(name, value);
  }
  // The content of a form is JSON unless the form says otherwise.
  if (!headers.has("content-type") && content.length > 0) headers.set("content-type", "application/json");
  if (!headers.has("authorization") && req.headers.get("authorization"))
    headers.set("authorization", req.headers.get("authorization")!);
  if (!headers.has("x-experience-api-version") && req.headers.get("x-experience-api-version"))
    headers.set("x-experience-api-version", req.headers.get("x-experience-api-version")!);
  headers.set("host", req.headers.get("host") ?? "");
  for (const name of ["accept-language"]) if (req.headers.get(name)) headers.set(name, req.headers.get(name)!);
  return { method, params, headers, body: content };
}

/** Answers any request below /xapi/ (`resource`: the path after it, without slashes at the ends). */
export async function answerXapi(req: Request, resource: string): Promise<Response> {
  let version: XapiVersion = "2.0";
  const finish = (answer: XapiAnswer, head: boolean) => {
    const headers = new Headers({ ...CORS_HEADERS, ...answer.headers });
    headers.set("X-Experience-API-Version", version === "2.0" ? "2.0.0" : "1.0.3");
    headers.set("Cache-Control", "no-store");
    // Every answer of a statements GET says how current it is, refusals too.
    if (
      resource === "statements" &&
      (req.method === "GET" || req.method === "HEAD") &&
      !headers.has("X-Experience-API-Consistent-Through")
    )
      headers.set("X-Experience-API-Consistent-Through", new Date().toISOString());
    const body = head || answer.body === null || answer.body === undefined ? null : answer.body;
    return new Response(body as BodyInit | null, { status: answer.status, headers });
  };
  if (req.method === "OPTIONS") return finish({ status: 204 }, true);
  try {
    const url = new URL(req.url);
    const headerVersion = versionOf(req.headers.get("x-experience-api-version"));
    if (headerVersion) version = headerVersion;
    let method = req.method;
    let params = url.searchParams;
    let headers = req.headers;
    let body = await readRequestBody(req, XAPI_MAX_BODY_BYTES);
    if (url.searchParams.has("method")) {
      if (headerVersion === "2.0") throw badRequest("xAPI 2.0 has no alternate request syntax: send the method itself");
      ({ method, params, headers, body } = unfoldAlternate(req, url, body));
    }
    const requested = headers.get("x-experience-api-version");
    if (resource !== "about") {
      if (!requested) {
        // The refusal speaks the version of the client's content (its own setting), since the request
        // names none; an unknown caller gets the latest.
        version = (await lrsContext({ url: req.url, headers }).catch(() => null))?.xapiVersion ?? version;
        throw badRequest("The X-Experience-API-Version header is required");
      }
      const asked = versionOf(requested);
      if (!asked) throw badRequest(`xAPI version ${requested} is not supported: use 1.0.x or 2.0.x`);
      version = asked;
    }
    const request: XapiRequest = {
      method,
      resource,
      params,
      headers,
      body,
      version,
      statementsPath: `${url.pathname.slice(0, url.pathname.length - resource.length).replace(/\/$/, "")}/statements`,
    };
    const answer = await route(req, request);
    return finish(answer, method === "HEAD");
  } catch (error) {
    if (error instanceof XapiError)
      return finish(
        {
          status: error.status,
          headers: { "Content-Type": "text/plain; charset=utf-8", ...error.headers },
          body: error.message,
        },
        req.method === "HEAD",
      );
    logger().error({ err: error }, "the LRS failed to answer");
    return finish(
      {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
        body: "The LRS could not answer this request",
      },
      false,
    );
  }
}

function about(req: XapiRequest): XapiAnswer {
  if (req.method !== "GET" && req.method !== "HEAD")
    throw new XapiError(405, "The about resource answers GET only", { Allow: "GET, HEAD" });
  return jsonAnswer({ version: [...XAPI_VERSIONS], extensions: {} });
}

async function route(original: Request, req: XapiRequest): Promise<XapiAnswer> {
  if (req.resource === "about") return about(req);
  const lrs = await lrsContext({ url: original.url, headers: req.headers });
  switch (req.resource) {
    case "statements":
      return answerStatements(lrs, req);
    case "activities/state":
      return answerDocuments(lrs, req, "state");
    case "activities/profile":
      return answerDocuments(lrs, req, "activityProfile");
    case "agents/profile":
      return answerDocuments(lrs, req, "agentProfile");
    case "activities":
      return activities(lrs, req);
    case "agents":
      return agents(lrs, req);
    default:
      throw new XapiError(404, `No xAPI resource at ${req.resource}`);
  }
}

function onlyParams(req: XapiRequest, allowed: string[]): void {
  for (const name of req.params.keys()) if (!allowed.includes(name)) throw badRequest(`Unknown parameter '${name}'`);
}

function readOnly(req: XapiRequest, what: string): void {
  if (req.method !== "GET" && req.method !== "HEAD")
    throw new XapiError(405, `The ${what} resource answers GET only`, { Allow: "GET, HEAD" });
}

async function activities(lrs: LrsContext, req: XapiRequest): Promise<XapiAnswer> {
  readOnly(req, "activities");
  if (!scopesAllow(lrs.scopes, "read")) throw new XapiError(403, "This client may not read activities");
  onlyParams(req, ["activityId"]);
  const activityId = req.params.get("activityId");
  if (!activityId) throw badRequest("The activityId parameter is required");
  if (!isIri(activityId)) throw badRequest("activityId must be an IRI");
  return jsonAnswer(await getActivity(lrs, activityId));
}

function agents(lrs: LrsContext, req: XapiRequest): XapiAnswer {
  readOnly(req, "agents");
  if (!scopesAllow(lrs.scopes, "read")) throw new XapiError(403, "This client may not read agents");
  onlyParams(req, ["agent"]);
  const agent = parseAgentParam(req.params.get("agent"), "agent", true);
  // The LRS keeps no person records beyond the statements: the Person is the agent as asked for.
  const person: Record<string, unknown> = { objectType: "Person" };
  if (typeof agent.name === "string") person.name = [agent.name];
  for (const key of ["mbox", "mbox_sha1sum", "openid", "account"])
    if (agent[key] !== undefined) person[key] = [agent[key]];
  return jsonAnswer(person);
}
