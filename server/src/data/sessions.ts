/**
 * Sign-in state: one-time nonces (`auth_nonces`) and login tokens (`sessions`, by SHA-256 of the token).
 */
import type { Queryable } from "../db/index.ts";

/** Arbitrary constant: the first key of the per-address advisory lock taken while issuing a nonce. */
const NONCE_LOCK_ID = 7_202_502;

/** Until the transaction ends, the address's nonces are issued by this transaction only. */
export async function lockNonces(tx: Queryable, address: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [NONCE_LOCK_ID, address]);
}

export async function deleteExpiredNonces(tx: Queryable, now: Date): Promise<void> {
  await tx.query("DELETE FROM auth_nonces WHERE expires_at < $1", [now]);
}

export async function insertNonce(
  tx: Queryable,
  nonce: string,
  address: string,
  expiresAt: Date,
): Promise<void> {
  await tx.query("INSERT INTO auth_nonces (nonce, address, expires_at) VALUES ($1, $2, $3)", [
    nonce,
    address,
    expiresAt,
  ]);
}

/** Deletes the address's nonces but the newest `keep`. */
export async function keepNewestNonces(tx: Queryable, address: string, keep: number): Promise<void> {
  await tx.query(
    `DELETE FROM auth_nonces WHERE address = $1 AND id NOT IN
       (SELECT id FROM auth_nonces WHERE address = $1 ORDER BY id DESC LIMIT $2)`,
    [address, keep],
  );
}

/**
 * Deletes the nonce, which is what consumes it: of two concurrent sign-ins only one gets the row. Answers
 * its expiry, or null when there was no such nonce for the address.
 */
export async function consumeNonce(tx: Queryable, nonce: string, address: string): Promise<Date | null> {
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    "DELETE FROM auth_nonces WHERE nonce = $1 AND address = $2 RETURNING expires_at",
    [nonce, address],
  );
  return rows[0] ? new Date(rows[0].expires_at) : null;
}

/** Revokes the address's tokens and stores the new one. */
export async function replace(
  tx: Queryable,
  address: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await tx.query("DELETE FROM sessions WHERE address = $1", [address]);
  await tx.query("INSERT INTO sessions (token_hash, address, expires_at) VALUES ($1, $2, $3)", [
    tokenHash,
    address,
    expiresAt,
  ]);
}

/** The address and expiry of a token that has not expired, by its hash. */
export async function findLive(
  db: Queryable,
  tokenHash: string,
): Promise<{ address: string; expiresAt: Date } | null> {
  const { rows } = await db.query<{ address: string; expires_at: Date | string }>(
    "SELECT address, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > now()",
    [tokenHash],
  );
  return rows[0] ? { address: rows[0].address, expiresAt: new Date(rows[0].expires_at) } : null;
}
