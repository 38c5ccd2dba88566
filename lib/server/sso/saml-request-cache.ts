import "server-only";
import type { CacheItem, CacheProvider } from "@node-saml/node-saml";
import { db } from "@/lib/db";

// node-saml's InResponseTo cache on the SamlRequest table (its default lives in one process's memory,
// which an answer reaching another app node would miss). One instance per sign-in step, bound to the
// provider: a request id of another provider or organization is unknown here. The row also keeps where
// the person was going, read back when the answer arrives.

export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;

export class SamlRequestCache implements CacheProvider {
  /** Where the request found by getAsync was going (set once node-saml has looked it up). */
  returnTo: string | null = null;
  /** The request ids node-saml looked up and found pending. */
  readonly found = new Set<string>();

  constructor(
    private readonly organizationId: string,
    private readonly providerId: string,
    private readonly startingReturnTo = "/dashboard",
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const { organizationId, providerId } = this;
    const row = await db().samlRequest.create({
      data: {
        organizationId,
        providerId,
        id: key,
        returnTo: this.startingReturnTo,
        expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_MS),
      },
      select: { createdAt: true },
    });
    return { value, createdAt: row.createdAt.getTime() };
  }

  /** node-saml reads the value as the time the request was made, and compares it with its own expiry. */
  async getAsync(key: string): Promise<string | null> {
    const { organizationId, providerId } = this;
    const row = await db().samlRequest.findUnique({
      where: { organizationId_providerId_id: { organizationId, providerId, id: key } },
      select: { createdAt: true, expiresAt: true, returnTo: true },
    });
    if (!row || row.expiresAt.getTime() < Date.now()) return null;
    this.returnTo = row.returnTo;
    this.found.add(key);
    return row.createdAt.toISOString();
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const { organizationId, providerId } = this;
    const { count } = await db().samlRequest.deleteMany({ where: { organizationId, providerId, id: key } });
    return count > 0 ? key : null;
  }
}
