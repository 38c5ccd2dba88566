// Where the identity provider sends the browser back (the redirect URI an administrator registers at
// the provider, on the organization's own host).

export const callbackPath = (providerId: string) => `/auth/sso/${providerId}/callback`;

// SAML: our service provider's metadata (its URL is also our entity ID), the assertion consumer service
// the IdP posts its answer to, and the single logout service the IdP redirects back to.
export const samlMetadataPath = (providerId: string) => `/auth/sso/${providerId}/metadata`;
export const samlAcsPath = (providerId: string) => `/auth/sso/${providerId}/acs`;
export const samlSloPath = (providerId: string) => `/auth/sso/${providerId}/slo`;
