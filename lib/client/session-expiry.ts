import { pathnameOf } from "./api-path";

// What the fetch layer does when the session cookie is no longer accepted. The cookie is HTTP-only, so
// the browser cannot refresh it: all it can do is forget local state and send the user to sign in.

export interface ApiClientConfig {
  /** Called once per expiry, on the first 401 outside the sign-in pages. */
  onUnauthorized: () => void;
}

const SIGN_IN_PAGES = new Set(["/login", "/register", "/signup"]);
// A 401 from these means "wrong credentials", which the sign-in form shows itself.
const SIGN_IN_ENDPOINTS = new Set(["/auth/login", "/auth/register"]);

export function redirectToLogin(): void {
  // Local and session storage may hold the previous user's cached data and drafts.
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      storage?.clear();
    } catch {
      // A storage that cannot be cleared should not keep the user off the login page.
    }
  }
  // A full page load on purpose: it also drops every in-memory cache (SWR, React state) of the old session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/login");
}

const DEFAULT_CONFIG: ApiClientConfig = { onUnauthorized: redirectToLogin };

let config: ApiClientConfig = DEFAULT_CONFIG;
let redirectPending = false;

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  config = { ...config, ...overrides };
}

/** Back to the defaults with no redirect pending; for tests, and for hosts that swap configurations. */
export function resetApiClient(): void {
  config = DEFAULT_CONFIG;
  redirectPending = false;
}

export function currentPagePath(): string | undefined {
  if (typeof window === "undefined") return undefined;
  const pathname = window.location?.pathname;
  if (typeof pathname !== "string") return undefined;
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

export function isSignInPage(pathname: string | undefined): boolean {
  return pathname !== undefined && SIGN_IN_PAGES.has(pathname);
}

/** Whether a 401 for `requestUrl` means "session expired" rather than an error to show. */
export function shouldExpireSession(requestUrl: string): boolean {
  const page = currentPagePath();
  if (page === undefined || isSignInPage(page)) return false;
  return !SIGN_IN_ENDPOINTS.has(pathnameOf(requestUrl));
}

export function expireSession(): void {
  if (redirectPending) return;
  redirectPending = true;
  try {
    config.onUnauthorized();
  } catch (error) {
    // In the browser there is no logger: the console is where a developer sees a handler that threw.
    // eslint-disable-next-line no-console -- browser code, see above
    console.error("Session expiry handler failed", error);
  }
}

/**
 * True while the browser is on its way to the login page. A handler that navigates client-side never
 * unloads this module, so arriving on a sign-in page ends the pending state; otherwise the sign-in form's
 * own requests would wait forever.
 */
export function isSessionRedirectPending(): boolean {
  if (redirectPending && isSignInPage(currentPagePath())) redirectPending = false;
  return redirectPending;
}

/**
 * What a request returns during the redirect: a promise that never settles, so the page being left
 * shows neither data nor an error flash before the navigation lands.
 */
export function pendingForever<T>(): Promise<T> {
  return new Promise<T>(() => {});
}
