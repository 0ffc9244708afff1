/**
 * Sessions for the legacy API: the front end sends its stored `loginToken` in the `token`
 * header. Routes that need a signed-in member declare `auth: true`, which runs
 * `requireSession` before the handler: a missing or unknown token answers code 4700.
 *
 * Sign-in (EIP-4361) is not built yet, so the default verifier accepts no token at all.
 */
import type { FastifyRequest } from "fastify";
import type { Address } from "viem";
import { sessionInvalid } from "../lib/api.ts";

export type Session = { address: Address };
export type SessionVerifier = (token: string) => Promise<Session | null>;

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
