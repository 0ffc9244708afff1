import { useInfiniteQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useAppStore } from "../../../app/store";
import { mineApi } from "../api";
import { nextPage } from "../logic";
import { MINE_KEY } from "./useMineQuery";

/** The direct referrals of the member (or of `userId` in its team), a page at a time: `fetchNextPage` loads more. */
export function useRecommendList(address: Address | undefined, userId: number | undefined) {
  const lang = useAppStore((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [MINE_KEY, lang, "recommendList", address, userId ?? 0],
    queryFn: ({ pageParam }) => mineApi.recommendList(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: !!address,
    retry: false,
  });
}
