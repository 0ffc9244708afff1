/**
 * Sessions for the legacy API: the front end sends its stored `loginToken` in the `token`
 * header. Routes that need a signed-in member declare `auth: true`, which runs
 * `requireSession` before the handler: a missing or unknown token answers code 4700.
 *
 * Tokens come from sign-in (EIP-4361, `src/lib/auth.ts`); `buildApp` resolves them through the
 * `sessions` table unless a test passes its own `verifySession`.
 */
import type { FastifyRequest } from "fastify";
import type { Address } from "viem";
import { sessionInvalid } from "../lib/api.ts";

/** `address` is lower-case. */
export type Session = { address: Address };
export type SessionVerifier = ((token: string) => Promise<Session | null>) & {
  /** Forgets cached sessions of `address` (called after a sign-in revoked its older tokens). */
  revoke?: (address: string) => void;
};

export const rejectAllSessions: SessionVerifier = async () => null;

declare module "fastify" {
  interface FastifyInstance {
    verifySession: SessionVerifier;
  }
  interface FastifyRequest {
    /** Set by `requireSession`; `null` on routes without `auth`. */
    session: Session | null;
  }
}

export async function requireSession(request: FastifyRequest): Promise<void> {
  const token = request.headers.token;
  if (typeof token !== "string" || token.trim() === "") throw sessionInvalid();
  const session = await request.server.verifySession(token.trim());
  if (session === null) throw sessionInvalid();
  request.session = session;
}
