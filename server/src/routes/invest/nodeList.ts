/** `nodeList` (no body): node levels with their seats. */
import * as nodes from "../../data/nodes.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "nodeList",
  handler: async ({ db, lang }) => ({ list: await nodes.levels(db, lang) }),
});
