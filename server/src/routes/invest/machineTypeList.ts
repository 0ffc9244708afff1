/** `machineTypeList` (no body): the machine types on sale. */
import * as machines from "../../data/machines.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "machineTypeList",
  handler: async ({ db, lang }) => ({ list: await machines.types(db, lang) }),
});
