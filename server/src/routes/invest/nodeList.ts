/** `nodeList` (no body): node levels with their seats. */
import { nodeLevels, type NodeLevel } from "./catalogue.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute<undefined, { list: NodeLevel[] }>({
  name: "nodeList",
  handler: async ({ db, lang }) => ({ list: await nodeLevels(db, lang) }),
});
