/**
 * Sign-in with Ethereum (EIP-4361): `issueNonce` hands out a one-time nonce and a message to sign;
 * `signIn` checks the signed message and issues a login token. Only SHA-256 of a token is stored;
 * a new sign-in revokes the address's older tokens.
 */
import { createHash, randomBytes } from "node:crypto";
import { getAddress, verifyMessage, type Address, type Hex } from "viem";
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from "viem/siwe";
import * as sessions from "../data/sessions.ts";
import type { Db, Queryable } from "../db/index.ts";
import { ENV_DEFAULTS } from "../env.ts";
import type { SessionVerifier } from "../plugins/session.ts";

export type AuthSettings = {
  /** Accepted `domain` values (host[:port]); the first one goes into issued messages. */
  domains: readonly string[];
  chainId: number;
  sessionTtlSeconds: number;
  nonceTtlSeconds: number;
  /** Origin written as the message URI. */
  uri?: string;
};

/** SIWE_DOMAIN, CHAIN_ID and SESSION_TTL_SECONDS at their defaults; a nonce lives ten minutes. */
export const DEFAULT_AUTH: AuthSettings = {
  domains: ENV_DEFAULTS.siweDomains,
  chainId: ENV_DEFAULTS.chainId,
  sessionTtlSeconds: ENV_DEFAULTS.sessionTtlSeconds,
  nonceTtlSeconds: 600,
};

export const SIWE_STATEMENT = "Sign in to Taichi";

export type NonceData = { nonce: string; message: string; expiresAt: string };
export type LoginData = { token: string; address: Address; expiresAt: string };

export type SignInFailure = "message" | "domain" | "uri" | "chain" | "nonce" | "expired" | "signature";

/** Live nonces kept per address; a new one replaces the oldest past this. */
export const MAX_LIVE_NONCES = 5;

export class SignInError extends Error {
  constructor(readonly reason: SignInFailure) {
    super(`sign-in refused: ${reason}`);
    this.name = "SignInError";
  }
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueNonce(
  db: Db,
  settings: AuthSettings,
  address: Address,
  now: Date = new Date(),
): Promise<NonceData> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + settings.nonceTtlSeconds * 1000);
  const lower = address.toLowerCase();
  await db.transaction(async (tx) => {
    // One address's nonces are issued one at a time, so the cap holds under concurrent requests.
    await sessions.lockNonces(tx, lower);
    await sessions.deleteExpiredNonces(tx, now);
    await sessions.insertNonce(tx, nonce, lower, expiresAt);
    await sessions.keepNewestNonces(tx, lower, MAX_LIVE_NONCES);
  });
  const domain = settings.domains[0] ?? DEFAULT_AUTH.domains[0] ?? "localhost";
  const message = createSiweMessage({
    domain,
    address: getAddress(address),
    statement: SIWE_STATEMENT,
    uri: settings.uri ?? `http://${domain}`,
    version: "1",
    chainId: settings.chainId,
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
  });
  return { nonce, message, expiresAt: expiresAt.toISOString() };
}

/** Whether `uri` is on the app's own origin: http(s) on exactly the message's (accepted) domain. */
function isAppOrigin(uri: string, domain: string): boolean {
  try {
    const url = new URL(uri);
    return (url.protocol === "https:" || url.protocol === "http:") && url.host === domain.toLowerCase();
  } catch {
    return false;
  }
}

export async function signIn(
  db: Db,
  settings: AuthSettings,
  message: string,
  signature: Hex,
  now: Date = new Date(),
): Promise<LoginData> {
  const fields = parseSiweMessage(message);
  const { address, domain, chainId, nonce } = fields;
  if (!address || !domain || chainId === undefined || !nonce || fields.version !== "1" || !fields.uri) {
    throw new SignInError("message");
  }
  if (!settings.domains.includes(domain)) throw new SignInError("domain");
  if (!isAppOrigin(fields.uri, domain)) throw new SignInError("uri");
  if (chainId !== settings.chainId) throw new SignInError("chain");
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw new SignInError("expired");
  }
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime()) throw new SignInError("expired");
  let valid = false;
  try {
    valid = await verifyMessage({ address, message, signature });
  } catch {
    valid = false;
  }
  if (!valid) throw new SignInError("signature");

  const lower = address.toLowerCase();
  const token = randomBytes(32).toString("hex");
  const expiresAt = new Date(now.getTime() + settings.sessionTtlSeconds * 1000);
  await db.transaction(async (tx) => {
    // Of two concurrent sign-ins with one nonce only one consumes it.
    const nonceExpiry = await sessions.consumeNonce(tx, nonce, lower);
    if (!nonceExpiry) throw new SignInError("nonce");
    if (nonceExpiry.getTime() <= now.getTime()) throw new SignInError("expired");
    await sessions.replace(tx, lower, hashToken(token), expiresAt);
  });
  return { token, address: getAddress(address), expiresAt: expiresAt.toISOString() };
}

/** Most tokens a session cache keeps; past it the oldest entry makes room. */
export const SESSION_CACHE_MAX = 10_000;

/**
 * Resolves a login token through the `sessions` table (expired ones count as unknown). With
 * `cacheMs > 0` a verified token is kept in memory that long (never past its expiry), which saves a
 * query per signed-in request; `revoke` drops an address's entries at sign-in, so in this process a
 * revoked token fails at once, in other API processes within `cacheMs`.
 */
export function dbSessionVerifier(db: Queryable, cacheMs = 0): SessionVerifier {
  const cache = new Map<string, { address: Address; expiresAt: number; cachedUntil: number }>();
  const verify: SessionVerifier = async (token) => {
    if (token.length > 200) return null;
    const hash = hashToken(token);
    const now = Date.now();
    const hit = cache.get(hash);
    if (hit && hit.cachedUntil > now && hit.expiresAt > now) return { address: hit.address };
    if (hit) cache.delete(hash);
    const session = await sessions.findLive(db, hash);
    if (!session) return null;
    const address = session.address as Address;
    if (cacheMs > 0) {
      if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(hash, { address, expiresAt: session.expiresAt.getTime(), cachedUntil: now + cacheMs });
    }
    return { address };
  };
  verify.revoke = (address) => {
    const lower = address.toLowerCase();
    for (const [hash, entry] of cache) if (entry.address === lower) cache.delete(hash);
  };
  return verify;
}
