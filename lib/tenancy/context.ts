import { AppError } from "@/lib/errors";
import { isRole, type Role } from "@/lib/routes";
import type { Permission } from "@/lib/tenancy/role-permissions";
import type { OrganizationPublic } from "@/lib/server/selects";

/**
 * Who is asking, and inside which tenant: the first argument of every lib/server function. Built here
 * only, by the constructors below: lib/auth/caller.ts builds a request's (from its Host and its session),
 * a job builds the context of the person it acts for with jobContext.
 */
interface HostContext {
  /** The host's organization; null on the apex (only the superadmin works there). */
  organization: OrganizationPublic | null;
  organizationId: string | null;
  subdomain: string | null;
}

/**
 * The API key a caller acts through (lib/auth/api-key-caller.ts): it holds only its scopes, within its
 * creator's role, and the audit log names it.
 */
export interface ApiKeyActor {
  id: string;
  name: string;
  scopes: ReadonlySet<Permission>;
}

/** A signed-in caller: a person, or an API key acting with its creator's id and role (`apiKey` set). */
export interface TenantContext extends HostContext {
  userId: string;
  role: Role;
  apiKey?: ApiKeyActor | null;
}

/** Nobody signed in: public pages and routes (the catalog, sign-in, registration, password reset). */
export interface VisitorContext extends HostContext {
  userId: null;
  role: null;
}

/** What a service that also serves anonymous visitors takes. */
export type RequestContext = TenantContext | VisitorContext;

export function visitorContext(organization: OrganizationPublic | null): VisitorContext {
  return {
    organization,
    organizationId: organization?.id ?? null,
    subdomain: organization?.subdomain ?? null,
    userId: null,
    role: null,
  };
}

export function signedInContext(
  organization: OrganizationPublic | null,
  user: { id: string; role: Role },
): TenantContext {
  return {
    organization,
    organizationId: organization?.id ?? null,
    subdomain: organization?.subdomain ?? null,
    userId: user.id,
    role: user.role,
  };
}

/**
 * A job acting for the person who started it, in the organization they chose: an import's rows are judged
 * and applied, and its invitations sent, under the importer's role as kept with the import. A job has no
 * request, so no host: the organization's row is not loaded (`organization` is null) and the subdomain is
 * known only when the job passes it. A stored role that is no role is refused rather than guessed.
 */
export function jobContext(
  tenant: { organizationId: string; subdomain?: string | null },
  actor: { userId: string; role: string },
): TenantContext {
  if (!isRole(actor.role)) throw new Error(`A job cannot act as '${actor.role}': no such role`);
  return {
    organization: null,
    organizationId: tenant.organizationId,
    subdomain: tenant.subdomain ?? null,
    userId: actor.userId,
    role: actor.role,
  };
}

export function isSignedIn(ctx: RequestContext): ctx is TenantContext {
  return ctx.userId !== null;
}

/**
 * The organization id of a tenant-scoped call: the one way a service learns its tenant. The apex has
 * none, so tenant data asked for there is a 404.
 */
export function tenantId(ctx: RequestContext): string {
  if (!ctx.organizationId) throw new AppError("NOT_FOUND", "Not found: open this on your organization's own address");
  return ctx.organizationId;
}

/** The host's organization itself (its settings, its status), with the same rule as tenantId. */
export function tenantOrganization(ctx: RequestContext): OrganizationPublic {
  if (!ctx.organization) throw new AppError("NOT_FOUND", "Not found: open this on your organization's own address");
  return ctx.organization;
}
