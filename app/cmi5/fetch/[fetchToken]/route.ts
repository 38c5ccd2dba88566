import { answerCmi5Fetch } from "@/lib/server/cmi5/fetch";

// A cmi5 launch's one-time fetch URL (docs/cmi5.md): answered in the spec's terms (always 200 JSON with
// the token or an error-code), not the app's JSON API, so not through handle().

type Params = { fetchToken: string };

const answer = async (req: Request, { params }: { params: Promise<Params> }) =>
  answerCmi5Fetch(req, (await params).fetchToken);

export const POST = answer;
export const OPTIONS = answer;
export const GET = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
