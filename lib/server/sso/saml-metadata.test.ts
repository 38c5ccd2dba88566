import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { certificatePem, parseIdpMetadata } from "@/lib/server/sso/saml-metadata";

const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

const metadata = (descriptor: string) =>
  `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.test/saml"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${descriptor}</md:IDPSSODescriptor></md:EntityDescriptor>`;
const key = (use: string | null, body: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ""}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
  ${body}
  </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;

function refusal(xml: string): unknown {
  try {
    parseIdpMetadata(xml, "metadataXml");
  } catch (error) {
    return error instanceof AppError ? error.fieldErrors : error;
  }
  return "parsed";
}

describe("parseIdpMetadata", () => {
  it("reads the entity ID, the HTTP-Redirect services and the signing certificates (not the encryption one)", () => {
    const xml = metadata(
      key("signing", "AAAA BBBB") +
        key(null, "CCCC") +
        key("encryption", "DDDD") +
        `<md:SingleLogoutService Binding="${POST}" Location="https://idp.example.test/slo-post"/>` +
        `<md:SingleLogoutService Binding="${REDIRECT}" Location="https://idp.example.test/slo"/>` +
        `<md:SingleSignOnService Binding="${POST}" Location="https://idp.example.test/sso-post"/>` +
        `<md:SingleSignOnService Binding="${REDIRECT}" Location="https://idp.example.test/sso"/>`,
    );
    expect(parseIdpMetadata(xml, "metadataXml")).toEqual({
      entityId: "https://idp.example.test/saml",
      ssoUrl: "https://idp.example.test/sso",
      sloUrl: "https://idp.example.test/slo",
      certificates: ["AAAABBBB", "CCCC"],
    });
  });

  it("has no single logout when the IdP offers none by HTTP-Redirect", () => {
    const xml = metadata(
      key("signing", "AAAA") +
        `<md:SingleSignOnService Binding="${REDIRECT}" Location="https://idp.example.test/sso"/>`,
    );
    expect(parseIdpMetadata(xml, "metadataXml").sloUrl).toBeNull();
  });

  it("says what is missing, at the field", () => {
    expect(refusal("not xml at all <")).toEqual({
      metadataXml: ["This is not SAML IdP metadata (no IDPSSODescriptor)"],
    });
    expect(refusal(metadata(key("signing", "AAAA")))).toEqual({
      metadataXml: ["The metadata has no SingleSignOnService with the HTTP-Redirect binding"],
    });
    expect(
      refusal(metadata(`<md:SingleSignOnService Binding="${REDIRECT}" Location="https://idp.example.test/sso"/>`)),
    ).toEqual({
      metadataXml: ["The metadata has no signing certificate"],
    });
  });

  it("writes a certificate body as PEM in lines of 64", () => {
    expect(certificatePem("A".repeat(70))).toBe(
      `-----BEGIN CERTIFICATE-----\n${"A".repeat(64)}\nAAAAAA\n-----END CERTIFICATE-----`,
    );
  });
});
