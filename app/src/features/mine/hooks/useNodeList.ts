import { mineApi } from "../api";
import { useMineQuery } from "./useMineQuery";

export const useNodeList = () => useMineQuery(["nodeList"], mineApi.nodeList);
