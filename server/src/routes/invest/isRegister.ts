/** `isRegister` (body: address): whether the address is a registered member. */
import { defineInvestRoute } from "./route.ts";
import { addressSchema } from "./schemas.ts";

export type IsRegisterBody = { address: string };
export type IsRegisterData = { isRegister: boolean };

export default defineInvestRoute<IsRegisterBody, IsRegisterData>({
  name: "isRegister",
  body: {
    type: "object",
    required: ["address"],
    additionalProperties: false,
    properties: { address: addressSchema },
  },
  async handler({ body, db }) {
    const { rows } = await db.query<{ registered: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM members WHERE address = $1) AS registered",
      [body.address.toLowerCase()],
    );
    return { isRegister: rows[0]?.registered === true };
  },
});
