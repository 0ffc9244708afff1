import type { FastifyPluginAsync } from "fastify";
import home from "./home.ts";
import isRegister from "./isRegister.ts";
import type { InvestRoute } from "./route.ts";

export { INVEST_PREFIX, INVEST_ROUTE_NAMES, defineInvestRoute } from "./route.ts";

/** The endpoints built so far, one file each. Add the next one here. */
export const investRoutes: readonly InvestRoute[] = [isRegister, home];

/** Registers every route of `investRoutes`; mount it under `INVEST_PREFIX`. */
export const investPlugin: FastifyPluginAsync = async (app) => {
  for (const route of investRoutes) route.register(app);
};
