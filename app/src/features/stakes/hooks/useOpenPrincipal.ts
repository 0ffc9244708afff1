import { type Address, zeroAddress } from "viem";
import { useReadContract } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { staking } from "../../../app/staking";

/** The account's own open principal (`users(account).amount`, USDT value): what its invite income needs. */
export function useOpenPrincipal(account: Address | undefined): bigint | undefined {
  const gate = useReadGate();
  const user = useReadContract({
    ...staking,
    functionName: "users",
    args: [account ?? zeroAddress],
    query: { enabled: !!account && gate },
  });
  return user.data?.amount;
}
