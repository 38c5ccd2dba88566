import "server-only";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

// Our service provider's signing key pair, one per SAML provider: the key is made by Node's crypto, and
// node-forge only wraps its public half in a self-signed X.509 certificate (what IdPs take in metadata;
// Node cannot write certificates). IdPs trust the certificate as given, not through a CA, so a long
// validity is the usual choice: replacing it means re-registering the SP at the IdP.

const VALID_YEARS = 10;

export interface SpKeyPair {
  privateKeyPem: string;
  certificatePem: string;
}

export function generateSpKeyPair(commonName: string): SpKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  // A positive serial (the high bit clear), random so two certificates never share one.
  cert.serialNumber = "0" + randomBytes(16).toString("hex");
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date();
  cert.validity.notAfter.setFullYear(cert.validity.notBefore.getFullYear() + VALID_YEARS);
  const subject = [{ name: "commonName", value: commonName.slice(0, 64) }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert) };
}
