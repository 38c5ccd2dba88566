import { answerXapi } from "@/lib/server/xapi/handler";

// The organization's xAPI Learning Record Store (docs/xapi.md): every resource below /xapi/, answered
// by one handler in the spec's terms (its headers, status codes and messages), not the app's JSON API.

type Params = { path?: string[] };

const answer = async (req: Request, { params }: { params: Promise<Params> }) =>
  answerXapi(req, ((await params).path ?? []).join("/"));

export const GET = answer;
export const HEAD = answer;
export const POST = answer;
export const PUT = answer;
export const DELETE = answer;
export const OPTIONS = answer;
export const PATCH = answer;
