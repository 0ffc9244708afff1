/** `isRegister` (body: address): whether the address is a registered member. */
import * as members from "../../data/members.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "isRegister",
  handler: async ({ body, db }) => ({ isRegister: await members.exists(db, body.address) }),
});
