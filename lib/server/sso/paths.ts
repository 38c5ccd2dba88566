// Where a provider's sign-in starts and where the identity provider sends the browser back (the
// redirect URI an administrator registers at the provider, on the organization's own host).

export const startPath = (providerId: string) => `/auth/sso/${providerId}`;
export const callbackPath = (providerId: string) => `/auth/sso/${providerId}/callback`;
