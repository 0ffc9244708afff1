import type { Address } from "viem";
import type { Config } from "wagmi";
import { readContract } from "wagmi/actions";
import { presale } from "../../app/contracts";

export type PresaleUser = { index: bigint; refer: Address; invites: bigint; registeredAt: bigint };

/** Reads `users(account)` from the Presale (the one chain read the registration form makes). */
export async function readPresaleUser(config: Config, account: Address): Promise<PresaleUser> {
  return readContract(config, { ...presale, functionName: "users", args: [account] });
}
