import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { AwaitingProfile } from "@/components/shell/awaiting-profile";
import { pageCaller, pageClaims, pageShell } from "@/lib/auth/page-caller";

/**
 * The signed-in shell around a page, or `signedOut` for a visitor. A session whose role is not known yet
 * waits for the profile instead of being thrown out. Each page guards itself (guardPage): this only decides
 * what frames it.
 */
export async function SignedInFrame({ children, signedOut }: { children: ReactNode; signedOut: ReactNode }) {
  const { caller } = await pageCaller().catch(() => ({ caller: null }));
  if (!caller) {
    const claims = await pageClaims();
    return claims && claims.role === null ? <AwaitingProfile /> : <>{signedOut}</>;
  }
  const { user } = caller;
  // The caller's saved colour mode came with the caller's own lookup.
  const { themeMode } = await pageShell();
  return (
    <AppShell
      user={{
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        role: user.role,
        avatarUrl: user.avatarUrl,
        themeMode,
      }}
    >
      {children}
    </AppShell>
  );
}
