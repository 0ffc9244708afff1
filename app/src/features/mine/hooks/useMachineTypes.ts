import { mineApi } from "../api";
import { useMineQuery } from "./useMineQuery";

export const useMachineTypes = () => useMineQuery(["machineTypeList"], mineApi.machineTypeList);
