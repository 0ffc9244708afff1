import { mineApi } from "../api";
import { useMineQuery } from "./useMineQuery";

export const useMachineDetail = (type: number | undefined) =>
  useMineQuery(["machineDetail", type], () => mineApi.machineDetail(type ?? 0), type !== undefined);
