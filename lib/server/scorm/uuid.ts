import { randomBytes } from "node:crypto";

/** A UUIDv7 (time-ordered), as Prisma's uuid(7) default makes: for rows inserted by hand-written SQL, and for ids needed before the row exists (a SCORM package's folder). */
export function uuidV7(): string {
  const bytes = randomBytes(16);
  const ms = Date.now();
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
