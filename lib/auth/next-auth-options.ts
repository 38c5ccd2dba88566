import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { hostContext } from "@/lib/auth/caller";
import { sessionDevice } from "@/lib/auth/session-start";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { claimsFromPayload, readToken } from "@/lib/auth/token";
import { env, requireAuthSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clientIp, parseInput } from "@/lib/http";
import { loginSchema } from "@/lib/schemas/auth";

/** The browser's sign-in: next-auth credentials → the same signInWithPassword as POST /auth/login. */
export function nextAuthOptions(): NextAuthOptions {
  return {
    secret: requireAuthSecret(),
    session: { strategy: "jwt", maxAge: env.SESSION_MAX_AGE_SECONDS },
    // NEXTAUTH_URL stays unset (each tenant signs in on its own host), so next-auth cannot tell https from
    // it: the public base URL does. Secure cookies (and their __Secure- prefix) over https; always HttpOnly, SameSite=Lax.
    useSecureCookies: env.APP_BASE_URL.startsWith("https://"),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, req) {
          const headers = new Headers(
            Object.entries(req.headers ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
          );
          try {
            const ctx = await hostContext(headers.get("host"));
            const input = parseInput(loginSchema, { email: credentials?.email, password: credentials?.password });
            const { token } = await signInWithPassword(ctx, input, clientIp(headers), sessionDevice(headers));
            // Carry the claims we just issued; the jwt callback copies them into the cookie.
            const claims = await readToken(token);
            return claims ? { id: claims.sub, ...claims } : null;
          } catch (error) {
            // next-auth hands this message to the form (signIn(...).error).
            throw new Error(error instanceof AppError ? error.message : "Login failed");
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        const claims = claimsFromPayload(user);
        return claims ? { ...token, ...claims } : token;
      },
      session({ session, token }) {
        const claims = claimsFromPayload(token);
        return { ...session, role: claims?.role ?? null, tenant: claims?.tenant ?? null };
      },
    },
  };
}
