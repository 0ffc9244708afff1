/** `machineDetail` (body: type = machine type id): one machine type. */
import { reject } from "../../lib/api.ts";
import { machineTypes } from "./catalogue.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "machineDetail",
  async handler({ body, db, lang }) {
    const [machine] = await machineTypes(db, lang, body.type);
    if (!machine) throw reject("machineNotFound");
    return machine;
  },
});
