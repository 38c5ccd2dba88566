import { randomBytes } from "node:crypto";

/**
 * A UUID version 7 (RFC 9562: the millisecond time, then random bits), as Prisma's `uuid(7)` makes them,
 * for rows written by hand-made bulk statements (ids sort by creation like the others).
 */
export function uuid7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
