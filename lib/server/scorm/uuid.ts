import { randomUUID } from "node:crypto";

/**
 * A UUIDv7 (time-ordered), as Prisma's uuid(7) default makes, for rows inserted by hand-written SQL and for
 * ids needed before the row exists (a SCORM package's folder): the
 * millisecond timestamp, then the random bits and the variant of a v4 UUID (randomUUID draws from a
 * buffered entropy pool: cheaper than randomBytes per call on the commit path).
 */
export function uuidV7(): string {
  const random = randomUUID();
  const time = Date.now().toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}
