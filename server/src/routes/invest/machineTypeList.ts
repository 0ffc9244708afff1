/** `machineTypeList` (no body): the machine types on sale. */
import { machineTypes } from "./catalogue.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "machineTypeList",
  handler: async ({ db, lang }) => ({ list: await machineTypes(db, lang) }),
});
