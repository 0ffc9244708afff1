import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { MINE_KEY } from "./useMineQuery";

/** Refetches every `/mine` read (after a sign-in, registration or payment). */
export function useRefreshMine() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [MINE_KEY] }), [queryClient]);
}
