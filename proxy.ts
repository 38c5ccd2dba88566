import { NextResponse, type NextRequest } from "next/server";
import { gatePage } from "@/lib/auth/page-gate";

// The page gate (lib/auth/page-gate.ts) as Next's middleware, for plain `next start`: our own server
// (server/app-server.ts) gates pages before Next and marks them, so that Next skips this for them (the
// middleware's own cost is a large share of a page's). A client that sends the mark itself only takes its
// own answer's Content-Security-Policy away, which protects nobody but that client; every page still
// checks its caller against the database (lib/auth/page-guard.ts).

export async function proxy(req: NextRequest): Promise<NextResponse> {
  const outcome = await gatePage({
    host: req.headers.get("host"),
    forwardedProto: req.headers.get("x-forwarded-proto"),
    pathname: req.nextUrl.pathname,
    search: req.nextUrl.search,
    cookie: (name) => req.cookies.get(name)?.value,
  });
  if (outcome.kind === "not-found")
    return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  let response: NextResponse;
  if (outcome.kind === "redirect") response = NextResponse.redirect(outcome.location);
  else {
    const requestHeaders = new Headers(req.headers);
    for (const { key, value } of outcome.requestHeaders) requestHeaders.set(key, value);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  for (const { key, value } of outcome.headers) response.headers.set(key, value);
  return response;
}

export const config = {
  // Pages only (lib/auth/page-gate.ts isPagePath, which our server uses: a matcher must be a literal), and
  // not those our server has gated already.
  matcher: [
    {
      source:
        "/((?!api/|auth/|uploads/|scorm/|cmi5/|xapi/|_next/|favicon\\.ico$|icon\\.svg$|logo\\.svg$|logo-mail\\.png$|robots\\.txt$).*)",
      missing: [{ type: "header", key: "x-lms-page-gate" }],
    },
  ],
};
