import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * The cost of new argon2id hashes: the library's recommended one (64 MiB, 3 passes, 4 lanes), or the
 * lowest argon2 allows, which only the test suites choose (`usePasswordCost`): they sign in and create
 * accounts by the hundred. No setting reaches it, so no deployment can weaken it. Verification always
 * follows the cost written in the hash itself.
 */
export type PasswordCost = 'recommended' | 'minimal';
const COSTS: Record<PasswordCost, { memoryCost?: number; timeCost?: number; parallelism?: number }> = {
  recommended: {},
  minimal: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};
let cost: PasswordCost = 'recommended';

/** The cost of the hashes made now in this process. */
export const passwordCost = (): PasswordCost => cost;

/** Sets the cost of the hashes made from now on in this process, the unknown-account hash's too. */
export function usePasswordCost(next: PasswordCost) {
  cost = next;
  dummyHash = undefined;
}

/** An argon2id hash of the password; the hash never leaves the server. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { ...COSTS[cost], type: argon2.argon2id });
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
