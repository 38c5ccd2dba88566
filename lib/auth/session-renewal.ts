import "server-only";
import { personSessionId, type Caller } from "@/lib/auth/caller";
import { sessionSetCookie } from "@/lib/auth/session-cookie";
import { bearerToken, issueToken } from "@/lib/auth/token";

/**
 * After a password change bumped the user's session version, every token issued before it stops working,
 * the caller's own included. The caller keeps working with a new one for the same session (its row stays;
 * the others were deleted with the change): an API client (bearer) gets it in the answer; the browser gets
 * its next-auth cookie replaced (HttpOnly, as next-auth sets it: the token never reaches page scripts).
 */
export async function renewSession(
  req: Request,
  caller: Caller,
  sessionVersion: number,
): Promise<{ token?: string; headers: Record<string, string> }> {
  const { ctx } = caller;
  const token = await issueToken({
    sub: ctx.userId,
    role: ctx.role,
    org: ctx.organizationId,
    tenant: ctx.subdomain ?? "",
    sv: sessionVersion,
    sid: personSessionId(caller),
  });
  if (bearerToken(req.headers.get("authorization"))) return { token, headers: {} };
  return { headers: { "Set-Cookie": sessionSetCookie(token) } };
}
