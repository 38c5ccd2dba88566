import { randomFillSync } from "node:crypto";

// UUIDv7 (RFC 9562) for bulk loads: 48-bit Unix milliseconds, version 7, 74 random bits. Built from
// a pooled random buffer and a byte→hex table, because the seed makes millions of them.

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const POOL_SIZE = 16 * 4096;
const pool = new Uint8Array(POOL_SIZE);
let offset = POOL_SIZE;

function randomBytes10(): number {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const at = offset;
  offset += 10;
  return at;
}

/** A UUIDv7 whose timestamp is `ms`, so ids sort by the time the row claims to have been created. */
export function uuidV7(ms: number): string {
  const high = Math.floor(ms / 0x1_0000_0000) & 0xffff;
  const low = ms >>> 0;
  const r = randomBytes10();
  const p = pool;
  return (
    HEX[high >>> 8]! + HEX[high & 0xff]! + HEX[low >>> 24]! + HEX[(low >>> 16) & 0xff]! + "-" +
    HEX[(low >>> 8) & 0xff]! + HEX[low & 0xff]! + "-" +
    HEX[0x70 | (p[r]! & 0x0f)]! + HEX[p[r + 1]!]! + "-" +
    HEX[0x80 | (p[r + 2]! & 0x3f)]! + HEX[p[r + 3]!]! + "-" +
    HEX[p[r + 4]!]! + HEX[p[r + 5]!]! + HEX[p[r + 6]!]! + HEX[p[r + 7]!]! + HEX[p[r + 8]!]! + HEX[p[r + 9]!]!
  );
}

/** The millisecond timestamp inside a UUIDv7. */
export function uuidV7Time(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
