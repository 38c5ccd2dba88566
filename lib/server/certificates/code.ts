import { randomBytes } from "node:crypto";

// A certificate's verification code: 120 random bits in Crockford's base32 (no I, L, O or U to misread),
// 24 characters. Nobody can guess one, and the verification page is rate-limited besides.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{24}$/;

export function newCertificateCode(): string {
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let code = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code;
}
