import { createVerify, X509Certificate } from "node:crypto";
import { XapiInvalid } from "@/lib/xapi/validate";

// Signed statements (xAPI Data 2.6): the signature attachment is a JWS in compact form, RS256/384/512,
// whose payload is the statement as it was before the signature was added. With an x5c header the
// signature is checked against its first certificate; without one there is no key to check it with,
// but the payload must still be the statement.

type Obj = Record<string, unknown>;

export const SIGNATURE_USAGE = "http://adlnet.gov/expapi/attachments/signature";
const ALGORITHMS: Record<string, string> = { RS256: "RSA-SHA256", RS384: "RSA-SHA384", RS512: "RSA-SHA512" };

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function decodeJson(segment: string, what: string): Obj {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    if (isObject(value)) return value;
  } catch {
    // reported below
  }
  throw new XapiInvalid(`The signature's ${what} is not a JSON object`);
}

/** Durations compare to the hundredth of a second (xAPI 4.2.7): "PT0.1237S" is "PT0.12S". */
function truncateDuration(duration: string): string {
  return duration.replace(/(\d+)\.(\d{0,2})\d*S$/, (_, whole: string, frac: string) =>
    frac.replace(/0+$/, "") ? `${whole}.${frac.replace(/0+$/, "")}S` : `${whole}S`,
  );
}

/** A statement reduced to what two equal statements share, whatever the LRS added or the order of keys. */
export function comparable(statement: unknown, ignoreId = false): unknown {
  const strip = (value: unknown, key?: string, depth = 0): unknown => {
    if (Array.isArray(value)) return value.map((v) => strip(v, undefined, depth + 1));
    if (!isObject(value)) {
      if (key === "duration" && typeof value === "string") return truncateDuration(value);
      if (key === "timestamp" && typeof value === "string") return Date.parse(value);
      return value;
    }
    const entries = Object.entries(value)
      .filter(
        ([k]) =>
          depth > 0 || !["authority", "stored", "version", "attachments", ...(ignoreId ? ["id"] : [])].includes(k),
      )
      .map(([k, v]) => [k, strip(v, k, depth + 1)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(entries);
  };
  return strip(statement);
}

export function sameStatement(a: unknown, b: unknown, ignoreId = false): boolean {
  return JSON.stringify(comparable(a, ignoreId)) === JSON.stringify(comparable(b, ignoreId));
}

/** Throws XapiInvalid unless `jws` is a well-formed RS256/384/512 signature of `statement`. */
export function verifySignature(jws: string, statement: Obj): void {
  const parts = jws.trim().split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)))
    throw new XapiInvalid("The signature is not a JWS in compact serialization");
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart, "header");
  const algorithm = ALGORITHMS[String(header.alg)];
  if (!algorithm) throw new XapiInvalid("The signature's algorithm must be RS256, RS384 or RS512");
  const payload = decodeJson(payloadPart, "payload");
  if (!sameStatement(payload, statement, payload.id === undefined))
    throw new XapiInvalid("The signature's payload is not the statement it is attached to");
  if (Array.isArray(header.x5c) && typeof header.x5c[0] === "string") {
    let key;
    try {
      key = new X509Certificate(Buffer.from(header.x5c[0], "base64")).publicKey;
    } catch {
      throw new XapiInvalid("The signature's x5c certificate cannot be read");
    }
    const verified = createVerify(algorithm)
      .update(`${headerPart}.${payloadPart}`)
      .verify(key, Buffer.from(signaturePart, "base64url"));
    if (!verified) throw new XapiInvalid("The signature does not verify with its x5c certificate");
  }
}
