/** `nonce` (body: address): a one-time nonce and the EIP-4361 message for the wallet to sign. */
import type { Address } from "viem";
import { issueNonce } from "../../lib/auth.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "nonce",
  handler: ({ body, db, request }) => issueNonce(db, request.server.auth, body.address as Address),
});
