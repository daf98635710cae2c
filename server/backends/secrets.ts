import { createHash, randomBytes, randomInt, randomUUID, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { createLimiter } from '../../core/limit.ts';

/**
 * Password hashes, tokens and codes. Passwords use scrypt with a random salt; tokens and codes
 * are random and only their hashes are stored, so a copied database file logs nobody in.
 */

/** scrypt's cost N for new password hashes: about 16 MiB and tens of milliseconds per hash. */
export const DEFAULT_PASSWORD_COST = 16384;
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

// Password hashes run on libuv's threadpool (4 threads), which file reads share: at most two
// hashes at a time leave threads for the pages and assets of everyone else, however many
// visitors register at once.
const hashing = createLimiter(2);

function deriveKey(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return hashing(() => scryptKey(password, salt, cost));
}

// maxmem leaves room above the 128 * N * r bytes scrypt needs.
const scryptOptions = (cost: number): ScryptOptions => ({ N: cost, r: BLOCK_SIZE, p: 1, maxmem: 256 * cost * BLOCK_SIZE + 1024 * 1024 });

function scryptKey(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, scryptOptions(cost), (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function isPasswordCost(cost: number): boolean {
  return Number.isInteger(cost) && cost >= 2 && cost <= 1 << 20 && (cost & (cost - 1)) === 0;
}

/** Hashes a password as `scrypt$N$salt$key` (base64url); the cost travels with the hash. */
export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_COST): Promise<string> {
  if (!isPasswordCost(cost)) throw new RangeError(`scrypt cost must be a power of two from 2 to 2^20, not ${cost}`);
  const salt = randomBytes(16);
  return formatHash(cost, salt, await deriveKey(password, salt, cost));
}

/**
 * `hashPassword` on this thread, blocking it: only for the accounts a back end seeds as it opens
 * (carried-over.ts), before it answers anything.
 */
export function hashPasswordNow(password: string, cost: number = DEFAULT_PASSWORD_COST): string {
  if (!isPasswordCost(cost)) throw new RangeError(`scrypt cost must be a power of two from 2 to 2^20, not ${cost}`);
  const salt = randomBytes(16);
  return formatHash(cost, salt, scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, scryptOptions(cost)));
}

function formatHash(cost: number, salt: Buffer, key: Buffer): string {
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, saltText, keyText] = stored.split('$');
  const cost = Number(costText);
  if (scheme !== 'scrypt' || !isPasswordCost(cost) || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await deriveKey(password, Buffer.from(saltText, 'base64url'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A random bearer token (access, refresh, or a mailed link's). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: tokens are long and random, so a plain SHA-256 is enough. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function createUserId(): string {
  return `u_${randomUUID().replaceAll('-', '')}`;
}

/** A 6-digit code, leading zeros kept. */
export function createCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are short, so each hash gets its own salt: equal codes never share a hash. */
export function hashCode(code: string, salt: string = randomBytes(16).toString('base64url')): { salt: string; hash: string } {
  return { salt, hash: createHash('sha256').update(`${salt}:${code}`).digest('base64url') };
}

export function matchesCode(code: string, salt: string, hash: string): boolean {
  const expected = Buffer.from(hash, 'base64url');
  const actual = Buffer.from(hashCode(code, salt).hash, 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
