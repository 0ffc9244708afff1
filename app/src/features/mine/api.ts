import type { CreditType, PaymentDue, RouteData } from "@taichi/api";
import type { Address, Hash } from "viem";
import type { ApiPayload } from "../../lib/api";
import { investApi } from "../../app/backend";

/** Shapes of the API's answers, from its contract (`@taichi/api`): amounts are base-unit strings. */
export type MachineType = RouteData<"machineDetail">;
export type NodeLevel = RouteData<"nodeList">["list"][number];
/** What a `...Check` route tells the member to pay, and where. */
export type { PaymentDue };
export type MachineCheck = RouteData<"buyMachineCheck">;
export type NodeCheck = RouteData<"buyNodeCheck">;
/** `amount` is the fee to pay now (USDT); `net` is what the member receives of `creditType`. */
export type WithdrawCheck = RouteData<"withdrawCheck">;
export type MyInfo = RouteData<"my">;
export type { CreditType };
export type WalletPage = RouteData<"walletList">;
export type MachineLogRow = RouteData<"buyMachineLog">["list"][number];
export type PowerLog = RouteData<"powerLog">;
export type TeamInfo = RouteData<"teamInfo">;
/** One page of direct referrals (`pageSize` rows, oldest first); `total` counts every page. */
export type RecommendList = RouteData<"recommendList">;

/** The typed calls of `/mine`; each goes through the app's backend client (headers, 4700, toasts). */
export const mineApi = {
  isRegister: (address: Address) => investApi<RouteData<"isRegister">>("isRegister", { address }),
  register: (username: string, recommend: Address) =>
    investApi<RouteData<"register">>("register", { username, recommend }),
  machineTypeList: () => investApi<RouteData<"machineTypeList">>("machineTypeList"),
  machineDetail: (type: number) => investApi<MachineType>("machineDetail", { type }),
  buyMachineCheck: (id: number, num: number) => investApi<MachineCheck>("buyMachineCheck", { id, num }),
  buyMachine: (id: number, num: number, hash: Hash) =>
    investApi<RouteData<"buyMachine">>("buyMachine", { id, num, hash }),
  nodeList: () => investApi<RouteData<"nodeList">>("nodeList"),
  buyNodeCheck: (id: number) => investApi<NodeCheck>("buyNodeCheck", { id }),
  buyNode: (id: number, hash: Hash) => investApi<RouteData<"buyNode">>("buyNode", { id, hash }),
  teamInfo: () => investApi<TeamInfo>("teamInfo"),
  recommendList: (userId: number | undefined, page: number) =>
    investApi<RecommendList>("recommendList", { userId, page } as ApiPayload),
  my: () => investApi<MyInfo>("my"),
  walletList: (creditType: CreditType, page: number) =>
    investApi<WalletPage>("walletList", { credit_type: creditType, page }),
  withdrawCheck: (num: string, creditType: CreditType) =>
    investApi<WithdrawCheck>("withdrawCheck", { num, credit_type: creditType }),
  withdraw: (num: string, creditType: CreditType, hash: Hash) =>
    investApi<RouteData<"withdraw">>("withdraw", { num, credit_type: creditType, hash }),
  buyMachineLog: () => investApi<RouteData<"buyMachineLog">>("buyMachineLog"),
  powerLog: () => investApi<PowerLog>("powerLog"),
};
