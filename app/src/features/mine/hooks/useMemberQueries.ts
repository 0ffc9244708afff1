import type { Address } from "viem";
import { mineApi } from "../api";
import { useMineQuery } from "./useMineQuery";

/** Member reads: only while signed in (`isLogin`) as this address. */
export function useMemberQueries(address: Address | undefined, member: boolean) {
  const on = !!address && member;
  return {
    my: useMineQuery(["my", address], mineApi.my, on),
    machines: useMineQuery(["buyMachineLog", address], mineApi.buyMachineLog, on),
    power: useMineQuery(["powerLog", address], mineApi.powerLog, on),
    team: useMineQuery(["teamInfo", address], mineApi.teamInfo, on),
  };
}
