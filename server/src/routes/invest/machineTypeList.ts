/** `machineTypeList` (no body): the machine types on sale. */
import { machineTypes, type MachineType } from "./catalogue.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute<undefined, { list: MachineType[] }>({
  name: "machineTypeList",
  handler: async ({ db, lang }) => ({ list: await machineTypes(db, lang) }),
});
