// The scopes an LRS client may hold (xAPI Part Three, 4.3 Authorization Scope), and what each allows.

export const LRS_SCOPES = [
  "statements/write",
  "statements/read",
  "statements/read/mine",
  "state",
  "define",
  "profile",
  "all/read",
  "all",
] as const;

export type LrsScope = (typeof LRS_SCOPES)[number];

export const isLrsScope = (s: string): s is LrsScope => (LRS_SCOPES as readonly string[]).includes(s);

/** What a request needs: writing or reading statements, or the documents of a kind. */
export type LrsNeed = "statements/write" | "statements/read" | "documents/write" | "documents/read" | "read";

/**
 * Whether the scopes allow a need. `statements/read/mine` reads statements, limited to the client's own
 * (the statements service narrows the query): it passes here and is narrowed there.
 */
export function scopesAllow(scopes: ReadonlySet<string>, need: LrsNeed, document?: "state" | "profile"): boolean {
  if (scopes.has("all")) return true;
  const reading = need === "statements/read" || need === "documents/read" || need === "read";
  if (reading && scopes.has("all/read")) return true;
  if (need === "statements/write") return scopes.has("statements/write");
  if (need === "statements/read") return scopes.has("statements/read") || scopes.has("statements/read/mine");
  if (need === "read") return scopes.size > 0;
  if (document === "state") return scopes.has("state");
  return scopes.has("profile");
}

/** Whether a statements read is limited to the client's own statements. */
export function readsOnlyOwn(scopes: ReadonlySet<string>): boolean {
  return !scopes.has("all") && !scopes.has("all/read") && !scopes.has("statements/read");
}
