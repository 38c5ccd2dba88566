import "server-only";
import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) at OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The stored hash of an account without a password yet (an invited user who has not set one). Nothing
 * verifies against it; sign-in spends the same time as for a wrong password, so it reveals nothing.
 */
export const NO_PASSWORD_HASH = "!no-password";

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD_HASH) {
    await verify(await dummyPasswordHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Verified against when the account does not exist, so response times do not reveal which e-mails exist. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`not-a-real-password-${Math.random()}`);
  return dummyHash;
}
