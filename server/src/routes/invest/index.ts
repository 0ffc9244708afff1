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
import withdrawCheck from "./withdrawCheck.ts";
import withdrawalApprove from "./admin/withdrawalApprove.ts";
import withdrawalDetail from "./admin/withdrawalDetail.ts";
import withdrawalList from "./admin/withdrawalList.ts";
import withdrawalPay from "./admin/withdrawalPay.ts";
import withdrawalReject from "./admin/withdrawalReject.ts";
import type { InvestRoute } from "./route.ts";

export {
  ADMIN_ROUTE_NAMES,
  AUTH_ROUTE_NAMES,
  EXTRA_ROUTE_NAMES,
  INVEST_PREFIX,
  INVEST_ROUTE_NAMES,
  defineInvestRoute,
  defineRoute,
} from "./route.ts";

/** The legacy endpoints, one file each. */
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

/** Member routes added beside the legacy ones. */
export const extraRoutes: readonly InvestRoute[] = [withdrawCheck];

/** Withdrawal operations for the addresses of `OPERATOR_ADDRESSES` (`admin/<name>`). */
export const adminRoutes: readonly InvestRoute[] = [
  withdrawalList,
  withdrawalDetail,
  withdrawalApprove,
  withdrawalReject,
  withdrawalPay,
];

/** Registers every route above; mount it under `INVEST_PREFIX`. */
export const investPlugin: FastifyPluginAsync = async (app) => {
  for (const route of [...authRoutes, ...investRoutes, ...extraRoutes, ...adminRoutes]) route.register(app);
};
