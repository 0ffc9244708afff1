import { idoAbi, stakingAbi, swapTokenAbi } from "@taichi/contracts";
import { describe, expect, it } from "vitest";
import {
  MissingValueError,
  allSections,
  applyCaps,
  argsFromAbi,
  checkAscending,
  checkFeeTotal,
  checkSchedule,
  checkTiers,
  dynamicTotal,
  eventValues,
  idoChangeIsOwners,
  lpSwapChangeIsOwners,
  mainSections,
  nodeRateMax,
  normalize,
  overviews,
  tokenSections,
} from "./descriptors";
import { parseInput } from "./fields";
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
      for (const f of [...s.fields.filter((f) => !f.readOnly), ...(s.key ? [s.key] : [])])
        expect(names, `${s.id}.${f.name}`).toContain(f.name);
    }
  });
  it("read-only fields are outputs of the getter, never setter inputs", () => {
    for (const s of allSections.filter((s) => s.fields.some((f) => f.readOnly))) {
      const abi = abiOf(s.contract);
      if (!abi) continue;
      const outputs = findFunction(abi, s.getter.fn)!.outputs.map((o) => o.name);
      const inputs = findFunction(abi, s.setter.fn)!.inputs.map((i) => i.name);
      for (const f of s.fields.filter((f) => f.readOnly)) {
        expect(outputs, `${s.id}.${f.name}`).toContain(f.name);
        expect(inputs, `${s.id}.${f.name}`).not.toContain(f.name);
      }
    }
  });
});

describe("Staking income rates and nodes", () => {
  const income = section("stakingIncomeRates");
  const nodes = section("stakingNodes");
  // the deploy defaults: algebra 3 x inviteRate 10% + teamRates #10 20% + equalRate 5% = 55%
  const config = { algebra: 3n, inviteRate: 1000n, equalRate: 500n };
  const multi = { teamRates: Array.from({ length: 10 }, (_, i) => BigInt((i + 1) * 200)) };

  it("nodeRate gets what the other dynamic rates leave of 100%, never below 0", () => {
    expect(nodeRateMax([config, multi])).toEqual({ nodeRate: 4500n });
    expect(nodeRateMax([{ ...config, inviteRate: 2000n }, multi])).toEqual({ nodeRate: 1500n });
    expect(nodeRateMax([{ ...config, inviteRate: 3000n }, multi])).toEqual({ nodeRate: 0n });
    expect(nodeRateMax([{ ...config, algebra: 0n, equalRate: 0n }, { teamRates: [0n] }])).toEqual({
      nodeRate: 10_000n,
    });
  });
  it("and, in every tier, what keeps an order's upline income within its principal", () => {
    // the deployed tiers: the 360-day one at 45 bp a day is 16,200 bp of the principal in static income, so
    // the total may be 10,000 * 10,000 / 16,200 = 6,172 bp of it (UplineIncomeTooHigh): 672 left for nodeRate
    const tiers = { ...multi, stakeDays: [7n, 30n, 90n, 180n, 360n], stakeRates: [20n, 30n, 40n, 50n, 45n] };
    expect(nodeRateMax([config, tiers])).toEqual({ nodeRate: 672n });
    expect(nodeRateMax([config, { ...tiers, stakeRates: [20n, 30n, 40n, 50n, 60n] }])).toEqual({
      nodeRate: 0n,
    });
  });
  it("the caps read beside the form replace nodeRate's own cap; the fixed caps stay", () => {
    expect(income.beside).toEqual(["getConfig", "getConfigMulti", "getIncomeRates"]);
    const fields = applyCaps(income.fields, income.caps!([config, multi, { nodeRate: 100n }]));
    const max = (name: string) => (fields.find((f) => f.name === name) as { max: bigint }).max;
    expect([max("nodeRate"), max("exitRate"), max("bottomRate"), max("bottomFloor")]).toEqual([
      4500n,
      5000n,
      5000n,
      10_000n,
    ]);
    expect(parseInput(fields[0]!, "45.01")).toEqual({
      ok: false,
      message: { key: "manager.errors.tooHigh", values: { max: "45%" } },
    });
    expect(parseInput(fields[0]!, "45")).toEqual({ ok: true, value: 4500n });
    expect(parseInput(fields[1]!, "50.01")).toMatchObject({ ok: false });
    expect(applyCaps([{ name: "isNode", kind: "bool" }], { isNode: 1n })).toEqual([
      { name: "isNode", kind: "bool" },
    ]);
    expect(income.fields[0]!.note).toBe("manager.notes.nodeRate");
  });
  it("setIncomeRates gets the four rates as its struct", () => {
    const values = { nodeRate: 700n, exitRate: 2000n, bottomRate: 1000n, bottomFloor: 100n };
    expect(argsFromAbi(findFunction(stakingAbi, "setIncomeRates")!.inputs, values)).toEqual([values]);
    expect(eventValues(income, { rates: values })).toEqual(values);
  });
  it("a node lookup shows status, dividend and count; setNode sends only the account and the status", () => {
    const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const current = nodes.getter.select!(normalize([true, 2_250_000_000_000_000_000n, 2]));
    expect(current).toEqual({ isNode: true, reward: 2_250_000_000_000_000_000n, nodeCount: 2n });
    expect(nodes.fields.filter((f) => f.readOnly).map((f) => f.name)).toEqual(["reward", "nodeCount"]);
    expect(
      argsFromAbi(findFunction(stakingAbi, "setNode")!.inputs, { ...current, account, isNode: false }),
    ).toEqual([account, false]);
    expect(eventValues(nodes, { account, isNode: false })).toEqual({ account, isNode: false });
  });
});

describe("Staking dynamic-rates total (DynamicRatesTooHigh) in the settings and team-level forms", () => {
  const settings = section("stakingConfig");
  const levels = section("stakingLevels");
  // the deploy defaults: 3 x 10% + 20% + 5% + nodeRate 10% = 65%
  const config = { algebra: 3n, inviteRate: 1000n, equalRate: 500n, feeRate: 100n };
  const teamRates = Array.from({ length: 10 }, (_, i) => BigInt((i + 1) * 200));
  const multi = { teamRates, inviteValids: teamRates };
  const beside = [config, multi, { nodeRate: 1000n, exitRate: 0n }];

  it("both forms read the stored rates beside them and check the total", () => {
    expect(settings.beside).toEqual(["getConfig", "getConfigMulti", "getIncomeRates"]);
    expect(levels.beside).toEqual(["getConfig", "getConfigMulti", "getIncomeRates"]);
    expect(
      dynamicTotal({ algebra: 3n, inviteRate: 1000n, topTeamRate: 2000n, equalRate: 500n, nodeRate: 1000n }),
    ).toBe(6500n);
  });

  it("settings: exactly 100% passes, one basis point more is refused naming the total and the cap", () => {
    // 3 x 21.66% + 20% + 5% + 10% = 99.98%; with equalRate 5.02%: 100%; 5.03%: 100.01%
    expect(settings.check!({ ...config, inviteRate: 2166n }, beside)).toBeUndefined();
    expect(settings.check!({ ...config, inviteRate: 2166n, equalRate: 502n }, beside)).toBeUndefined();
    expect(settings.check!({ ...config, inviteRate: 2166n, equalRate: 503n }, beside)).toEqual({
      key: "manager.errors.dynamicRates",
      values: { sum: "3 × 21.66% + 20% + 5.03% + 10%", total: "100.01%", max: "100%" },
    });
    // algebra alone can push it over: 10 x 10% + ... = 135%
    expect(settings.check!({ ...config, algebra: 10n }, beside)).toMatchObject({
      values: { total: "135%", max: "100%" },
    });
  });

  it("team levels: the top level's rate counts with the stored referral, equal-level and node rates", () => {
    const top = (rate: bigint) => ({ ...multi, teamRates: [...teamRates.slice(0, 9), rate] });
    // 3 x 10% + 50% + 5% + 10% = 95%
    expect(levels.check!(top(5000n), [config, multi, { nodeRate: 1000n }])).toBeUndefined();
    expect(levels.check!(top(5000n), [{ ...config, equalRate: 1100n }, multi, { nodeRate: 1000n }])).toEqual({
      key: "manager.errors.dynamicRates",
      values: { sum: "3 × 10% + 50% + 11% + 10%", total: "101%", max: "100%" },
    });
    // the ascending rule still comes first
    expect(levels.check!({ ...multi, teamRates: [...teamRates.slice(0, 9), 100n] }, beside)).toMatchObject({
      key: "manager.errors.ascending",
    });
  });
});

describe("overviews agree with the generated ABIs", () => {
  it("every getter exists, and every field is one of its outputs or of its struct's components", () => {
    for (const o of overviews) {
      const abi = abiOf(o.contract);
      if (!abi) continue; // not built yet
      const getter = findFunction(abi, o.getter.fn);
      expect(getter, `${o.contract}.${o.getter.fn}`).toBeDefined();
      const outputs = getter!.outputs.flatMap((out) =>
        out.type === "tuple" && "components" in out ? out.components.map((c) => c.name) : [out.name],
      );
      // a select renames outputs: check the fields against what it makes of a placeholder per output
      const raw =
        getter!.outputs.length === 1 && !o.getter.select
          ? Object.fromEntries(outputs.map((n) => [n, 0n]))
          : outputs.map(() => 0n);
      const values = (o.getter.select ?? ((r) => r as Record<string, unknown>))(raw);
      for (const f of o.fields) expect(Object.keys(values), `${o.id}.${f.name}`).toContain(f.name);
    }
  });
  it("HoldDividend's state is shown typed: its token as an address, the totals as 18-decimal amounts", () => {
    const state = overviews.find((o) => o.id === "holdDividendState")!;
    expect(state.fields.find((f) => f.name === "totalReward")).toMatchObject({ kind: "amount" });
    const token = overviews.find((o) => o.id === "holdDividendToken")!;
    expect(token.getter.select!(["0xa", "0xa"])).toEqual({ token: "0xa" });
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
    const year = 365n * 86_400n;
    expect(checkSchedule({ startTime: 1n, endTime: 2n, extractTime: 2n + year })).toBeUndefined();
    expect(checkSchedule({ startTime: 1n, endTime: 2n, extractTime: 3n + year })).toBeDefined();
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
      "ChangeAnnounced",
      "Withdrawn",
      "LPSentToWallet",
      "FeeExemptUpdated",
      "IncomeRatesUpdated",
      "NodeUpdated",
      "CallScheduled",
      "CallExecuted",
      "Cancelled",
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
      "NodeDividend",
      "Accelerated",
      "ClosedEarly",
      // any member's updateUser or claim emits these (HoldDividend, LpDividend, NodeReward)
      "PoolUpdated",
      "ShareUpdated",
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

describe("changes against members in a manager's form are the owner's (scheduled on the Timelock)", () => {
  it("LpSwap: a lower lp or token rate is the owner's; equal or higher rates are the manager's", () => {
    const current = { lpRate: 100n, tokenRate: 200n };
    expect(lpSwapChangeIsOwners(current, { lpRate: 99n, tokenRate: 300n })).toBe(true);
    expect(lpSwapChangeIsOwners(current, { lpRate: 500n, tokenRate: 199n })).toBe(true);
    expect(lpSwapChangeIsOwners(current, { lpRate: 100n, tokenRate: 200n })).toBe(false);
    expect(lpSwapChangeIsOwners(current, { lpRate: 101n, tokenRate: 10_000n })).toBe(false);
    const changeClass = section("lpSwapRates").changeClass!;
    expect(changeClass(current, { lpRate: 99n, tokenRate: 300n }).owner).toBe(true);
    expect(changeClass(current, { lpRate: 101n, tokenRate: 200n })).toEqual({ owner: false });
  });

  it("Ido: a higher price, a smaller allotment, or any change once someone bought is the owner's", () => {
    const current = {
      idoAmount: 50n,
      idoTokens1: 5000n,
      idoTokens2: 4800n,
      idoTokens3: 4600n,
      idoHas: 0n,
      idoMax: 2000n,
    };
    const next = { ...current, idoMax: 3000n };
    expect(idoChangeIsOwners(current, next)).toBe(false);
    expect(idoChangeIsOwners(current, { ...next, idoAmount: 40n, idoTokens1: 6000n })).toBe(false);
    expect(idoChangeIsOwners(current, { ...next, idoAmount: 51n })).toBe(true);
    expect(idoChangeIsOwners(current, { ...next, idoTokens1: 4999n })).toBe(true);
    expect(idoChangeIsOwners(current, { ...next, idoTokens2: 4799n })).toBe(true);
    expect(idoChangeIsOwners(current, { ...next, idoTokens3: 4599n })).toBe(true);
    expect(idoChangeIsOwners({ ...current, idoHas: 1n }, next)).toBe(true);
    const changeClass = section("idoConfig").changeClass!;
    expect(changeClass(current, { ...next, idoAmount: 51n }).owner).toBe(true);
    expect(changeClass(current, next)).toEqual({ owner: false });
  });
});
