import "server-only";
import { SAML, ValidateInResponseTo, type CacheProvider } from "@node-saml/node-saml";
import type { SamlConfig } from "@/lib/schemas/identity-providers";
import { certificatePem } from "@/lib/server/sso/saml-metadata";
import { SAML_REQUEST_TTL_MS, SamlRequestCache } from "@/lib/server/sso/saml-request-cache";
import { samlAcsPath, samlMetadataPath, samlSloPath } from "@/lib/server/sso/paths";

// node-saml as our service provider for one IdP, on the organization's host. The library verifies the
// assertion's XML signature against the IdP's certificates from its metadata, the audience (our entity
// ID), the NotBefore / NotOnOrAfter conditions, the issuer, and InResponseTo against the request cache
// (always: its default is never). Signed assertions are required; the response around them may be
// unsigned, as Entra ID and Google Workspace send it by default.

export interface SamlProvider {
  organizationId: string;
  id: string;
  name: string;
  jitEnabled: boolean;
  config: SamlConfig;
  privateKey: string;
}

export const spEntityId = (origin: string, providerId: string) => origin + samlMetadataPath(providerId);

/** `cache`: the request cache of this provider (node-saml's default would be one process's memory). */
export function samlClient(provider: SamlProvider, origin: string, cache: CacheProvider): SAML {
  const { config } = provider;
  return new SAML({
    issuer: spEntityId(origin, provider.id),
    audience: spEntityId(origin, provider.id),
    callbackUrl: origin + samlAcsPath(provider.id),
    logoutCallbackUrl: origin + samlSloPath(provider.id),
    entryPoint: config.idpSsoUrl,
    ...(config.idpSloUrl ? { logoutUrl: config.idpSloUrl } : {}),
    idpIssuer: config.idpEntityId,
    idpCert: config.idpCertificates.map(certificatePem),
    privateKey: provider.privateKey,
    publicCert: config.spCertificate,
    signatureAlgorithm: "sha256",
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: 60_000,
    // Let the IdP choose the NameID format and how the person authenticates (a requested context
    // such as "password" makes Entra ID refuse people who signed in with MFA or passwordless).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** Our SP metadata for the IdP: entity ID, ACS (HTTP-POST), SLO (HTTP-Redirect and HTTP-POST), signing certificate. */
export function spMetadataXml(provider: SamlProvider, origin: string): string {
  const cache = new SamlRequestCache(provider.organizationId, provider.id);
  const xml = samlClient(provider, origin, cache).generateServiceProviderMetadata(null, provider.config.spCertificate);
  // node-saml names HTTP-POST alone for the single logout service; ours takes HTTP-Redirect too (the
  // route answers GET and POST), listed first as the binding we prefer.
  return xml.replace(
    /<SingleLogoutService([^>]*)Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"([^>]*)\/>/,
    '<SingleLogoutService$1Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"$2/>' +
      '<SingleLogoutService$1Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"$2/>',
  );
}

/**
 * Our SP metadata for a provider not saved yet (its draft): the metadata names only our side (entity ID,
 * ACS, single logout, signing certificate), so the IdP's part of the config is left empty.
 */
export function draftSpMetadataXml(
  organizationId: string,
  id: string,
  keys: { privateKeyPem: string; certificatePem: string },
  origin: string,
): string {
  const config: SamlConfig = {
    metadataUrl: "",
    metadataXml: "",
    idpEntityId: "",
    idpSsoUrl: "",
    idpSloUrl: null,
    idpCertificates: [],
    spCertificate: keys.certificatePem,
    emailClaim: "",
    firstNameClaim: "",
    lastNameClaim: "",
    roleClaim: "",
    instructorValues: [],
    orgAdminValues: [],
  };
  return spMetadataXml(
    { organizationId, id, name: "", jitEnabled: false, config, privateKey: keys.privateKeyPem },
    origin,
  );
}
