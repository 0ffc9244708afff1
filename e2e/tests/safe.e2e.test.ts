import { join } from "node:path";
import { nodeRewardAbi, presaleAbi, timelockAbi } from "@taichi/contracts";
import { type Address, type Hex, encodeFunctionData, toHex, zeroHash } from "viem";
import { multiSendCall, readDevSafe, safeNonce, sendThroughSafe } from "@taichi/scripts/safe";
import { DEV_ROLES, devAccount, expect, test, REHEARSAL } from "../fixtures/test.ts";
import { devWallet } from "../fixtures/accounts.ts";
import { passTimelockDelay } from "../fixtures/governance.ts";
import { CHAIN_URL, E2E_CHAIN_ID, E2E_STATE_DIR } from "../fixtures/ports.ts";

const owners = DEV_ROLES.safeOwners.map((index) => devAccount(index));
const [first, second, third] = [owners[0]!, owners[1]!, owners[2]!];

test.describe("operators through their 2-of-3 Safe", () => {
  test(
    "the Safe schedules an owner change on the Timelock, executes it after the delay, then names two nodes in one MultiSend batch as the Presale manager",
    REHEARSAL,
    async ({ chain, contracts }) => {
      const { address: safe, contracts: safeContracts } = readDevSafe(
        join(E2E_STATE_DIR, "deployments"),
        E2E_CHAIN_ID,
      );
      const timelock = { address: contracts.Timelock!, abi: timelockAbi } as const;
      const nodeReward = { address: contracts.NodeReward!, abi: nodeRewardAbi } as const;
      const presale = { address: contracts.Presale!, abi: presaleAbi } as const;
      const through = (call: { to: Address; data: Hex; operation?: number }, signers: (typeof first)[]) =>
        sendThroughSafe({ rpcUrl: CHAIN_URL, safe, call, signers });

      // the Safe may propose, execute and cancel on the Timelock
      for (const role of ["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"] as const) {
        const id = await chain.readContract({ ...timelock, functionName: role });
        expect(await chain.readContract({ ...timelock, functionName: "hasRole", args: [id, safe] })).toBe(
          true,
        );
      }

      // the owner change: new node rates, and the Safe as the Presale manager (which it is already on the
      // rehearsal chain, as on BSC; locally the manager area's journeys keep dev account 1 until this runs)
      const rates = [4000n, 3500n, 2500n] as const;
      const targets = [nodeReward.address, presale.address];
      const payloads = [
        encodeFunctionData({ ...nodeReward, functionName: "setRates", args: [rates] }),
        encodeFunctionData({ ...presale, functionName: "setManager", args: [safe] }),
      ];
      const values = [0n, 0n];
      const salt = toHex(crypto.getRandomValues(new Uint8Array(32)));
      const delay = await chain.readContract({ ...timelock, functionName: "getMinDelay" });
      const schedule = encodeFunctionData({
        ...timelock,
        functionName: "scheduleBatch",
        args: [targets, values, payloads, zeroHash, salt, delay],
      });
      const execute = encodeFunctionData({
        ...timelock,
        functionName: "executeBatch",
        args: [targets, values, payloads, zeroHash, salt],
      });
      const operation = await chain.readContract({
        ...timelock,
        functionName: "hashOperationBatch",
        args: [targets, values, payloads, zeroHash, salt],
      });
      const ratesBefore = (await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates;

      const nonce = await safeNonce(chain, safe);
      await through({ to: timelock.address, data: schedule }, [first, third]);
      expect(
        await chain.readContract({ ...timelock, functionName: "isOperationPending", args: [operation] }),
      ).toBe(true);
      expect(await safeNonce(chain, safe)).toBe(nonce + 1n);

      // two other owners sign its execution; before the delay the Timelock refuses it and the nonce stays
      await expect(through({ to: timelock.address, data: execute }, [second, third])).rejects.toThrow(
        /reverted/,
      );
      expect(await safeNonce(chain, safe)).toBe(nonce + 1n);
      expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(
        ratesBefore,
      );

      await passTimelockDelay(chain, timelock.address);
      await through({ to: timelock.address, data: execute }, [second, third]);
      expect(
        await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [operation] }),
      ).toBe(true);
      expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(rates);
      expect((await chain.readContract({ ...presale, functionName: "getConfig" })).manager).toBe(safe);
      expect(await safeNonce(chain, safe)).toBe(nonce + 2n);

      // the manager's power is the Safe's, not any one owner's key
      const [nodeA, nodeB] = DEV_ROLES.members.map((index) => devAccount(index).address) as [
        Address,
        Address,
      ];
      await expect(
        devWallet(DEV_ROLES.manager).writeContract({
          ...nodeReward,
          functionName: "setUserForce",
          args: [nodeA, true, false, false],
        }),
      ).rejects.toThrow(/NotOwnerOrManager/);

      // the manager change: two nodes named in one batch, one Safe transaction
      const batch = multiSendCall(safeContracts, [
        {
          to: nodeReward.address,
          data: encodeFunctionData({
            ...nodeReward,
            functionName: "setUserForce",
            args: [nodeA, true, false, false],
          }),
        },
        {
          to: nodeReward.address,
          data: encodeFunctionData({
            ...nodeReward,
            functionName: "setUserForce",
            args: [nodeB, false, true, false],
          }),
        },
      ]);
      const receipt = await through(batch, [first, second]);
      const info = (account: Address) =>
        chain.readContract({ ...nodeReward, functionName: "getUserInfo", args: [account] });
      expect(await info(nodeA)).toMatchObject({ isForceA: true, isForceB: false });
      expect(await info(nodeB)).toMatchObject({ isForceA: false, isForceB: true });
      const named = await chain.getContractEvents({
        ...nodeReward,
        eventName: "UserForceUpdated",
        blockHash: receipt.blockHash,
      });
      expect(named.map((e) => e.args.account)).toEqual([nodeA, nodeB]);
      expect(named.every((e) => e.transactionHash === receipt.transactionHash)).toBe(true);
      expect(await safeNonce(chain, safe)).toBe(nonce + 3n);
    },
  );
});
