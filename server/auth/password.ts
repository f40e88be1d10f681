import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with the library's recommended cost; the hash never leaves the server. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified for unknown login ids so they cost as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
const unknownAccountHash = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

/**
 * Does the password open this account (a user's or a driver's)? Always one argon2id verification,
 * whether the account exists (has a hash) or not, so a sign-in cannot tell which was wrong by its time.
 */
export async function passwordMatches(hash: string | null | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(hash ?? (await unknownAccountHash()), password);
  return matches && typeof hash === 'string';
}
