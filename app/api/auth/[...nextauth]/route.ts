import NextAuth from "next-auth";
import { nextAuthOptions } from "@/lib/auth/next-auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so nothing reads the secret at build time.
async function handler(req: Request, context: Context): Promise<Response> {
  return NextAuth(req as never, context as never, nextAuthOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
