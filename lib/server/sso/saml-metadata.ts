import "server-only";
import { DOMParser } from "@xmldom/xmldom";
import { AppError } from "@/lib/errors";
import { EGRESS_REFUSED_MESSAGE, EgressRefusedError, guardedRequest } from "@/lib/net/egress-guard";

// A SAML IdP's metadata: where its single sign-on and single logout services are (HTTP-Redirect binding)
// and the certificates it signs with. Read from the XML document only (no signature of ours to check:
// the metadata comes from the administrator, by URL or pasted); node-saml verifies the assertions.

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const MAX_METADATA_BYTES = 512 * 1024;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  /** Base64 DER bodies of the signing certificates. */
  certificates: string[];
}

const unreadable = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { fieldErrors: { [field]: [message] } });

function redirectLocation(descriptor: Element, tag: string): string | null {
  const services = Array.from(descriptor.getElementsByTagNameNS(MD, tag));
  const service = services.find((s) => s.getAttribute("Binding") === REDIRECT_BINDING);
  const location = service?.getAttribute("Location")?.trim();
  return location && /^https?:\/\//.test(location) ? location : null;
}

/** The IdP's settings from its metadata XML; a 400 at `field` saying what is missing. */
export function parseIdpMetadata(xml: string, field: string): IdpMetadata {
  let errors = 0;
  const doc = new DOMParser({ errorHandler: { error: () => errors++, fatalError: () => errors++ } }).parseFromString(
    xml,
    "text/xml",
  );
  const descriptor = doc?.getElementsByTagNameNS(MD, "IDPSSODescriptor")[0];
  if (errors > 0 || !descriptor) throw unreadable(field, "This is not SAML IdP metadata (no IDPSSODescriptor)");
  const entity = descriptor.parentNode as Element | null;
  const entityId = entity?.getAttribute?.("entityID")?.trim();
  if (!entityId) throw unreadable(field, "The metadata names no entityID");
  const ssoUrl = redirectLocation(descriptor, "SingleSignOnService");
  if (!ssoUrl) throw unreadable(field, "The metadata has no SingleSignOnService with the HTTP-Redirect binding");
  const certificates = Array.from(descriptor.getElementsByTagNameNS(MD, "KeyDescriptor"))
    // A KeyDescriptor without `use` is for both signing and encryption.
    .filter((k) => !k.getAttribute("use") || k.getAttribute("use") === "signing")
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, "X509Certificate")))
    .map((c) => (c.textContent ?? "").replace(/\s+/g, ""))
    .filter(Boolean);
  if (certificates.length === 0) throw unreadable(field, "The metadata has no signing certificate");
  return { entityId, ssoUrl, sloUrl: redirectLocation(descriptor, "SingleLogoutService"), certificates };
}

/** GET `url` through the egress guard: the metadata document's text. */
export async function fetchIdpMetadata(url: string): Promise<string> {
  const field = "metadataUrl";
  try {
    const req = await guardedRequest(new URL(url), { method: "GET", timeout: 10_000 });
    return await new Promise<string>((resolve, reject) => {
      req.on("timeout", () => req.destroy(new Error("The metadata URL took too long to answer")));
      req.on("error", reject);
      req.on("response", (res) => {
        if ((res.statusCode ?? 0) !== 200) {
          res.resume();
          reject(new Error(`The metadata URL answered ${res.statusCode}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_METADATA_BYTES) req.destroy(new Error("The metadata document is too large"));
          else chunks.push(chunk);
        });
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
      });
      req.end();
    });
  } catch (error) {
    if (error instanceof EgressRefusedError) throw unreadable(field, EGRESS_REFUSED_MESSAGE);
    throw unreadable(
      field,
      `The metadata could not be read: ${error instanceof Error ? error.message : "unknown error"}`,
    );
  }
}

/** A certificate body as PEM, as node-saml takes it. */
export function certificatePem(body: string): string {
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----`;
}
