/** `isRegister` (body: address): whether the address is a registered member. */
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "isRegister",
  async handler({ body, db }) {
    const { rows } = await db.query<{ registered: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM members WHERE address = $1) AS registered",
      [body.address.toLowerCase()],
    );
    return { isRegister: rows[0]?.registered === true };
  },
});
