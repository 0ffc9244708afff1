/** `machineDetail` (body: type = machine type id): one machine type. */
import { reject } from "../../lib/api.ts";
import { machineTypes, type MachineType } from "./catalogue.ts";
import { defineInvestRoute } from "./route.ts";
import { idSchema } from "./schemas.ts";

export default defineInvestRoute<{ type: number }, MachineType>({
  name: "machineDetail",
  body: { type: "object", required: ["type"], additionalProperties: false, properties: { type: idSchema } },
  async handler({ body, db, lang }) {
    const [machine] = await machineTypes(db, lang, body.type);
    if (!machine) throw reject("machineNotFound");
    return machine;
  },
});
