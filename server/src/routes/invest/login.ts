/** `login` (body: message, signature): checks the signed EIP-4361 message and issues the login token. */
import type { Hex } from "viem";
import { reject } from "../../lib/api.ts";
import { signIn, SignInError } from "../../lib/auth.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "login",
  async handler({ body, db, request }) {
    try {
      const data = await signIn(db, request.server.auth, body.message, body.signature as Hex);
      request.server.verifySession.revoke?.(data.address);
      request.log.info({ address: data.address }, "signed in");
      return data;
    } catch (error) {
      if (error instanceof SignInError) {
        request.log.info({ reason: error.reason }, "sign-in refused");
        throw reject("loginFailed", { reason: error.reason });
      }
      throw error;
    }
  },
});
