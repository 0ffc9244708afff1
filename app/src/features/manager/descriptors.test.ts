import { idoAbi, stakingAbi, swapTokenAbi } from "@taichi/contracts";
import { describe, expect, it } from "vitest";
import {
  MissingValueError,
  allSections,
  argsFromAbi,
  checkAscending,
  checkFeeTotal,
  checkSchedule,
  checkTiers,
  eventValues,
  mainSections,
  normalize,
  tokenSections,
} from "./descriptors";
import { abiOf, findFunction, isAdminEvent, slotAddress } from "./registry";

const section = (id: string) => allSections.find((s) => s.id === id)!;

describe("descriptors agree with the generated ABIs", () => {
  it("every getter and setter exists and every field is a setter input or struct component", () => {
    for (const s of allSections) {
      const abi = abiOf(s.contract);
      if (!abi) continue; // not built yet
      expect(findFunction(abi, s.getter.fn), `${s.contract}.${s.getter.fn}`).toBeDefined();
      const setter = findFunction(abi, s.setter.fn);
      expect(setter, `${s.contract}.${s.setter.fn}`).toBeDefined();
      if (s.setter.toArgs) continue;
      const names = setter!.inputs.flatMap((i) =>
        i.type === "tuple" && "components" in i
          ? i.components.map((c) => c.name)
          : [i.name!.replace(/_$/, "")],
      );
      for (const f of [...s.fields, ...(s.key ? [s.key] : [])])
        expect(names, `${s.id}.${f.name}`).toContain(f.name);
    }
  });
});

describe("argsFromAbi", () => {
  it("builds a struct argument by component name, keeping components the form does not edit", () => {
    const setConfig = findFunction(idoAbi, "setConfig")!;
    const values = {
      directRate: 500n,
      indirectRate: 300n,
      idoAmount: 1n,
      idoTokens1: 2n,
      idoTokens2: 3n,
      idoTokens3: 4n,
      idoMax: 5n,
      startTime: 6n,
      endTime: 7n,
      extractTime: 8n,
      idoHas: 99n,
    };
    const [settings] = argsFromAbi(setConfig.inputs, values) as [Record<string, bigint>];
    expect(settings).toEqual({
      directRate: 500n,
      indirectRate: 300n,
      idoAmount: 1n,
      idoTokens1: 2n,
      idoTokens2: 3n,
      idoTokens3: 4n,
      idoMax: 5n,
      startTime: 6n,
      endTime: 7n,
      extractTime: 8n,
    });
  });
  it("maps plain inputs by name (trailing underscore dropped) and throws when one is missing", () => {
    expect(argsFromAbi(findFunction(stakingAbi, "setToken")!.inputs, { token: "0xabc" })).toEqual(["0xabc"]);
    expect(
      argsFromAbi(findFunction(stakingAbi, "setTeamLevel")!.inputs, {
        account: "0x1",
        level: 3n,
        isManual: true,
      }),
    ).toEqual(["0x1", 3n, true]);
    expect(() => argsFromAbi(findFunction(stakingAbi, "setTeamLevel")!.inputs, { account: "0x1" })).toThrow(
      MissingValueError,
    );
  });
  it("the fee form turns flat values into the buy and sell structs", () => {
    const fees = tokenSections("SwapToken").find((s) => s.id === "tokenFees")!;
    const values = Object.fromEntries(fees.fields.map((f, i) => [f.name, BigInt(i)]));
    const [buy, sell] = fees.setter.toArgs!(values) as Record<string, bigint>[];
    expect(buy).toEqual({ burn: 0n, pool: 1n, node: 2n, market: 3n, dividend: 4n });
    expect(sell).toEqual({ burn: 5n, pool: 6n, node: 7n, market: 8n, dividend: 9n });
    expect(findFunction(swapTokenAbi, "setFees")!.inputs).toHaveLength(2);
    // getFees returns uint16 as numbers
    expect(
      fees.getter.select!(
        normalize([
          { burn: 1, pool: 2, node: 3, market: 4, dividend: 5 },
          { burn: 6, pool: 7, node: 8, market: 9, dividend: 10 },
        ]),
      ),
    ).toMatchObject({ buy_burn: 1n, sell_dividend: 10n });
  });
});

describe("cross-field rules (the contract enforces them too)", () => {
  it("ascending levels", () => {
    expect(checkAscending({ teamRates: [1n, 2n, 2n] }, ["teamRates"])).toBeUndefined();
    expect(checkAscending({ teamRates: [1n, 3n, 2n] }, ["teamRates"])).toEqual({
      key: "manager.errors.ascending",
      values: { field: "teamRates", position: 3 },
    });
  });
  it("tiers: min <= max and rate x days <= 500%", () => {
    const tiers = { stakeDays: [100n], stakeRates: [500n], stakeMins: [1n], stakeMaxs: [2n] };
    expect(checkTiers(tiers)).toBeUndefined();
    expect(checkTiers({ ...tiers, stakeDays: [101n] })).toMatchObject({ key: "manager.errors.tierIncome" });
    expect(checkTiers({ ...tiers, stakeMins: [3n] })).toMatchObject({ key: "manager.errors.minAboveMax" });
  });
  it("fees: each side at most 25% in total", () => {
    const fees = Object.fromEntries(
      ["buy", "sell"].flatMap((s) =>
        ["burn", "pool", "node", "market", "dividend"].map((p) => [`${s}_${p}`, 500n]),
      ),
    );
    expect(checkFeeTotal(fees)).toBeUndefined();
    expect(checkFeeTotal({ ...fees, sell_burn: 501n })).toEqual({
      key: "manager.errors.feeTotal",
      values: { side: "sell" },
    });
  });
  it("ido schedule: start < end <= extract", () => {
    expect(checkSchedule({ startTime: 1n, endTime: 2n, extractTime: 2n })).toBeUndefined();
    expect(checkSchedule({ startTime: 2n, endTime: 2n, extractTime: 3n })).toBeDefined();
    expect(checkSchedule({ startTime: 1n, endTime: 3n, extractTime: 2n })).toBeDefined();
  });
});

describe("events", () => {
  it("a lone struct argument is the new values; previous/new pairs map to the field", () => {
    const ido = mainSections.find((s) => s.id === "idoConfig")!;
    expect(eventValues(ido, { settings: { directRate: 600n } })).toEqual({ directRate: 600n });
    expect(eventValues(section("presaleManager"), { previousManager: "0xa", newManager: "0xb" })).toEqual({
      manager: "0xb",
    });
    expect(eventValues(section("lpSwapRates"), { lpRate: 1n, tokenRate: 2n })).toEqual({
      lpRate: 1n,
      tokenRate: 2n,
    });
  });
  it("admin events are told apart from members' activity by name", () => {
    for (const e of [
      "ConfigUpdated",
      "TeamLevelSet",
      "PriorityGranted",
      "OwnershipTransferred",
      "Upgraded",
      "Withdrawn",
      "LPSentToWallet",
      "FeeExemptUpdated",
    ])
      expect(isAdminEvent(e), e).toBe(true);
    for (const e of [
      "Transfer",
      "Approval",
      "Registered",
      "Deposited",
      "Purchased",
      "Claimed",
      "SwappedAndLiquified",
      "LevelChanged",
    ])
      expect(isAdminEvent(e), e).toBe(false);
  });
  it("reads the implementation from an ERC-1967 slot word", () => {
    expect(slotAddress("0x000000000000000000000000959922be3caee4b8cd9a407cc3ac1c251c2007b1")).toBe(
      "0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1",
    );
    expect(slotAddress(undefined)).toBeUndefined();
  });
});
