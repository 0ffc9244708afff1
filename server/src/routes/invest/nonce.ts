/** `nonce` (body: address): a one-time nonce and the EIP-4361 message for the wallet to sign. */
import type { Address } from "viem";
import { issueNonce, type NonceData } from "../../lib/auth.ts";
import { defineInvestRoute } from "./route.ts";
import { addressSchema } from "./schemas.ts";

export default defineInvestRoute<{ address: string }, NonceData>({
  name: "nonce",
  body: {
    type: "object",
    required: ["address"],
    additionalProperties: false,
    properties: { address: addressSchema },
  },
  handler: ({ body, db, request }) => issueNonce(db, request.server.auth, body.address as Address),
});
