import type { ShellUser } from "@/components/shell/types";

type NameParts = Pick<ShellUser, "firstName" | "lastName" | "username">;

/** 'First Last' when both exist, else the first name, else the username. */
export function displayName(user: NameParts): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  if (first && last) return `${first} ${last}`;
  return first || user.username.trim();
}

/** The letter shown when there is no avatar picture. */
export function avatarInitial(user: Pick<ShellUser, "firstName" | "username">): string {
  const source = user.firstName.trim() || user.username.trim();
  // Array.from keeps a surrogate pair (an emoji, many CJK names) whole instead of splitting it.
  const first = Array.from(source)[0];
  return first ? first.toUpperCase() : "?";
}

/**
 * The avatar picture's URL. Stored avatars are paths under the app (e.g. '/uploads/avatars/…'); an
 * absolute http(s) URL is used as it is.
 */
export function avatarSrc(avatarUrl: string | null | undefined, baseUrl: string): string | null {
  const url = avatarUrl?.trim();
  if (!url) return null;
  if (url.startsWith("http")) return url;
  return `${baseUrl.replace(/\/+$/, "")}/${url.replace(/^\/+/, "")}`;
}
