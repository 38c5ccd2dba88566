import { z } from "zod";

/** Record ids are UUIDs; anything else cannot name a record, so it is a 404 before any query. */
export const idSchema = z.uuid();

export function isId(value: string): boolean {
  return idSchema.safeParse(value).success;
}
