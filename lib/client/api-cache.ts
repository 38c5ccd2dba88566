import { hasPathPrefix } from "./api-path";

// A last-known-good copy of a few read-mostly lists, so a flaky connection shows stale data instead
// of an error. It is a convenience only: every function here swallows storage failures (quota, privacy
// mode, corrupt JSON, storage disabled) rather than turn a cache problem into a page error.

export const API_CACHE_KEY = "api_cache";
export const API_CACHE_TTL_MS = 60 * 60 * 1000;

const CACHEABLE_PREFIXES = ["/api/courses", "/api/reports", "/api/groups", "/api/users"] as const;

interface CacheEntry {
  data: unknown;
  storedAt: number;
}

type CacheMap = Record<string, CacheEntry>;

export type CacheLookup<T> = { hit: true; data: T } | { hit: false };

/** Same-origin GETs of these collections (and anything below them) are cached. */
export function isCacheableUrl(url: string): boolean {
  return CACHEABLE_PREFIXES.some((prefix) => hasPathPrefix(url, prefix));
}

export function readCachedResponse<T>(url: string, now = Date.now()): CacheLookup<T> {
  const entry = readCacheMap()[url];
  if (!entry || !isFresh(entry, now)) return { hit: false };
  return { hit: true, data: entry.data as T };
}

export function writeCachedResponse(url: string, data: unknown, now = Date.now()): void {
  const storage = getStorage();
  if (!storage) return;
  const fresh: CacheMap = {};
  for (const [key, entry] of Object.entries(readCacheMap())) {
    if (isFresh(entry, now)) fresh[key] = entry;
  }
  fresh[url] = { data, storedAt: now };
  if (trySet(storage, fresh)) return;
  // Storage is full: older entries are worth less than the newest answer, so keep only that one.
  if (trySet(storage, { [url]: { data, storedAt: now } })) return;
  clearApiCache();
}

/** For sign-out flows: one user's cached lists must not be shown to the next user of this browser. */
export function clearApiCache(): void {
  try {
    getStorage()?.removeItem(API_CACHE_KEY);
  } catch {
    // Nothing to do: an unwritable cache is also an unreadable one.
  }
}

function isFresh(entry: CacheEntry, now: number): boolean {
  const age = now - entry.storedAt;
  // A storedAt in the future means the clock moved; the entry's age is unknown, so treat it as stale.
  return age >= 0 && age < API_CACHE_TTL_MS;
}

function readCacheMap(): CacheMap {
  try {
    const raw = getStorage()?.getItem(API_CACHE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return {};
    const map: CacheMap = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (isCacheEntry(value)) map[key] = value;
    }
    return map;
  } catch {
    return {};
  }
}

function trySet(storage: Storage, map: CacheMap): boolean {
  try {
    storage.setItem(API_CACHE_KEY, JSON.stringify(map));
    return true;
  } catch {
    return false;
  }
}

function getStorage(): Storage | undefined {
  try {
    // Reading the property itself throws in some sandboxed iframes and privacy modes.
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCacheEntry(value: unknown): value is CacheEntry {
  return isRecord(value) && "data" in value && typeof value.storedAt === "number" && Number.isFinite(value.storedAt);
}
