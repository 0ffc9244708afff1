/** `machineDetail` (body: type = machine type id): one machine type. */
import { reject } from "../../lib/api.ts";
import * as machines from "../../data/machines.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "machineDetail",
  async handler({ body, db, lang }) {
    const [machine] = await machines.types(db, lang, body.type);
    if (!machine) throw reject("machineNotFound");
    return machine;
  },
});
