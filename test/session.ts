import { call } from "@/test/http";
import type { TestUser } from "@/test/factories";

/** A bearer token for a user, through the real sign-in endpoint of their organization's host. */
export async function signIn(subdomain: string | null, user: Pick<TestUser, "email" | "password">): Promise<string> {
  const res = await call(subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
  if (res.status !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.status} ${res.text}`);
  return res.json.token as string;
}

/** A multipart/form-data body and its content type, encoded by the platform's own FormData. */
export async function multipartBody(
  fields: Record<string, string | Blob>,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const request = new Request("http://local/", { method: "PUT", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

const tokens = new Map<string, Promise<string>>();

/** signIn once per user and host for the whole test file (sign-ins are slow: argon2). */
export function cachedSignIn(subdomain: string | null, user: Pick<TestUser, "email" | "password">): Promise<string> {
  const key = `${subdomain ?? ""}:${user.email}`;
  if (!tokens.has(key)) tokens.set(key, signIn(subdomain, user));
  return tokens.get(key)!;
}

/** A call on the user's organization's host, signed in as that user (the token is cached per file). */
export async function callAs(
  subdomain: string,
  user: TestUser,
  path: string,
  options: { method?: string; json?: unknown } = {},
) {
  return call(subdomain, path, { ...options, bearer: await cachedSignIn(subdomain, user) });
}
