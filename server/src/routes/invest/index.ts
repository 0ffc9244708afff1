import type { FastifyPluginAsync } from "fastify";
import buyMachine from "./buyMachine.ts";
import buyMachineCheck from "./buyMachineCheck.ts";
import buyMachineLog from "./buyMachineLog.ts";
import buyNode from "./buyNode.ts";
import buyNodeCheck from "./buyNodeCheck.ts";
import home from "./home.ts";
import isRegister from "./isRegister.ts";
import login from "./login.ts";
import machineDetail from "./machineDetail.ts";
import machineTypeList from "./machineTypeList.ts";
import my from "./my.ts";
import nodeList from "./nodeList.ts";
import nonce from "./nonce.ts";
import powerLog from "./powerLog.ts";
import recommendList from "./recommendList.ts";
import register from "./register.ts";
import teamInfo from "./teamInfo.ts";
import walletList from "./walletList.ts";
import withdraw from "./withdraw.ts";
import type { InvestRoute } from "./route.ts";

export { AUTH_ROUTE_NAMES, INVEST_PREFIX, INVEST_ROUTE_NAMES, defineInvestRoute } from "./route.ts";

/** The legacy endpoints (spec section 7), one file each. */
export const investRoutes: readonly InvestRoute[] = [
  isRegister,
  register,
  home,
  machineTypeList,
  machineDetail,
  buyMachineCheck,
  buyMachine,
  nodeList,
  buyNodeCheck,
  buyNode,
  teamInfo,
  recommendList,
  my,
  walletList,
  withdraw,
  buyMachineLog,
  powerLog,
];

/** Sign-in (EIP-4361), beside the legacy endpoints. */
export const authRoutes: readonly InvestRoute[] = [nonce, login];

/** Registers every route of `investRoutes` and `authRoutes`; mount it under `INVEST_PREFIX`. */
export const investPlugin: FastifyPluginAsync = async (app) => {
  for (const route of [...authRoutes, ...investRoutes]) route.register(app);
};
