/** `nodeList` (no body): node levels with their seats. */
import { nodeLevels } from "./catalogue.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "nodeList",
  handler: async ({ db, lang }) => ({ list: await nodeLevels(db, lang) }),
});
