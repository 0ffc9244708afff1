import { describe, expect, it } from "vitest";
import { changeRoute, settingsChangeClass, tierChangeClass } from "./changeClass";
import { mainSections } from "./descriptors";
import { callRoute } from "./hooks/useAdminCall";

const E18 = 10n ** 18n;
// five tiers as getConfigMulti returns them; tier 5 closed (0 days)
const tiers = {
  stakeDays: [7n, 30n, 90n, 180n, 0n],
  stakeRates: [50n, 60n, 70n, 80n, 90n],
  stakeStocks: [1000n * E18, 1000n * E18, 1000n * E18, 1000n * E18, 0n],
  stakeMins: [100n * E18, 100n * E18, 100n * E18, 100n * E18, 100n * E18],
  stakeMaxs: [1000n * E18, 1000n * E18, 1000n * E18, 1000n * E18, 1000n * E18],
  stakeUserMaxs: [2000n * E18, 2000n * E18, 2000n * E18, 2000n * E18, 2000n * E18],
  // the team-level arrays ride along in setConfigMulti: never a reason
  teamRates: [100n, 200n],
};
const set = (list: readonly bigint[], i: number, v: bigint) => list.map((x, j) => (j === i ? v : x));

describe("tierChangeClass: who may change Staking's tiers (setConfigMulti)", () => {
  it("the same tiers, or only stock, min, max and per-member max changed: the manager's", () => {
    expect(tierChangeClass(tiers, { ...tiers })).toEqual({ owner: false });
    expect(
      tierChangeClass(tiers, {
        ...tiers,
        stakeStocks: set(tiers.stakeStocks, 0, 1n),
        stakeMins: set(tiers.stakeMins, 1, 1n),
        stakeUserMaxs: set(tiers.stakeUserMaxs, 2, 1n),
        teamRates: [0n, 0n],
      }),
    ).toEqual({ owner: false });
  });

  it("shorter locks, closing a tier (0 days) and higher rates are in members' favour", () => {
    const next = {
      ...tiers,
      stakeDays: [6n, 0n, 90n, 180n, 0n],
      stakeRates: [51n, 60n, 1000n, 80n, 90n],
    };
    expect(tierChangeClass(tiers, next)).toEqual({ owner: false });
  });

  it("a lower rate in one tier only is the owner's, naming that tier (others raised do not offset it)", () => {
    const next = { ...tiers, stakeRates: [60n, 70n, 69n, 90n, 100n] };
    expect(tierChangeClass(tiers, next)).toEqual({
      owner: true,
      reasons: [{ key: "manager.path.lowerRate", values: { tier: 3 } }],
    });
  });

  it("a longer lock in one tier is the owner's, even with shorter locks elsewhere", () => {
    const next = { ...tiers, stakeDays: [1n, 31n, 90n, 10n, 0n] };
    expect(tierChangeClass(tiers, next)).toEqual({
      owner: true,
      reasons: [{ key: "manager.path.longerLock", values: { tier: 2 } }],
    });
  });

  it("reopening a closed tier counts as a longer lock (0 days -> any)", () => {
    const next = { ...tiers, stakeDays: set(tiers.stakeDays, 4, 1n) };
    expect(tierChangeClass(tiers, next)).toEqual({
      owner: true,
      reasons: [{ key: "manager.path.reopens", values: { tier: 5 } }],
    });
  });

  it("names every change against members, a tier's lock and rate each", () => {
    const next = {
      ...tiers,
      stakeDays: set(tiers.stakeDays, 0, 8n),
      stakeRates: set(set(tiers.stakeRates, 0, 49n), 3, 1n),
    };
    expect(tierChangeClass(tiers, next)).toEqual({
      owner: true,
      reasons: [
        { key: "manager.path.longerLock", values: { tier: 1 } },
        { key: "manager.path.lowerRate", values: { tier: 1 } },
        { key: "manager.path.lowerRate", values: { tier: 4 } },
      ],
    });
  });
});

describe("settingsChangeClass: who may change Staking's settings (setConfig)", () => {
  // as getConfig returns them: fundIncome is read, never sent
  const settings = {
    addTime: 1n,
    dayTimes: 86_400n,
    algebra: 3n,
    feeRate: 0n,
    inviteRate: 1000n,
    fbPrice: 2n * E18,
    fundIncome: 5n,
  };

  it("fbPrice lowered, every other setting as it is: the manager's", () => {
    expect(settingsChangeClass(settings, { ...settings, fbPrice: E18 })).toEqual({ owner: false });
  });

  it("fbPrice raised, by one wei: the owner's", () => {
    expect(settingsChangeClass(settings, { ...settings, fbPrice: 2n * E18 + 1n })).toEqual({
      owner: true,
      reasons: [{ key: "manager.path.higherFbPrice" }],
    });
  });

  it("any other setting changed is the owner's, even beside a lower fbPrice", () => {
    expect(settingsChangeClass(settings, { ...settings, fbPrice: E18, feeRate: 1n })).toEqual({
      owner: true,
      reasons: [{ key: "manager.path.ownerField", values: { field: "feeRate" } }],
    });
    // a change members might like (a shorter day) is still not the manager's: only fbPrice is
    expect(settingsChangeClass(settings, { ...settings, dayTimes: 60n })).toMatchObject({ owner: true });
  });
});

describe("the Staking forms decide per change", () => {
  const section = (id: string) => mainSections.find((s) => s.id === id)!;

  it("settings and tiers are the manager's in members' favour, not owner-only; team levels stay the manager's", () => {
    expect(section("stakingConfig")).toMatchObject({ changeClass: settingsChangeClass });
    expect(section("stakingConfig").ownerOnly).toBeFalsy();
    expect(section("stakingTiers")).toMatchObject({ changeClass: tierChangeClass });
    expect(section("stakingTiers").ownerOnly).toBeFalsy();
    expect(section("stakingLevels").changeClass).toBeUndefined();
  });

  const timelock = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as const;
  const deployer = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
  const manager = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
  const routes = (account: `0x${string}`, proposer: boolean, owner: `0x${string}` = timelock) => {
    const base = { account, owner, manager, timelock, proposer };
    return {
      route: callRoute({ ...base, ownerOnly: false }),
      ownerRoute: callRoute({ ...base, ownerOnly: true }),
    };
  };
  const against = tierChangeClass(tiers, { ...tiers, stakeRates: set(tiers.stakeRates, 1, 59n) });
  const favour = tierChangeClass(tiers, { ...tiers, stakeRates: set(tiers.stakeRates, 1, 61n) });

  it("the manager (no proposer): in members' favour at once, against them refused", () => {
    expect(changeRoute(favour, routes(manager, false))).toBe("direct");
    expect(changeRoute(against, routes(manager, false))).toBe("none");
  });

  it("a manager who is also a proposer schedules what is against members", () => {
    expect(changeRoute(favour, routes(manager, true))).toBe("direct");
    expect(changeRoute(against, routes(manager, true))).toBe("timelock");
  });

  it("a proposer who is not the manager schedules both; an owner without a timelock calls directly", () => {
    expect(changeRoute(favour, routes(deployer, true))).toBe("timelock");
    expect(changeRoute(against, routes(deployer, true))).toBe("timelock");
    expect(changeRoute(against, routes(deployer, false, deployer))).toBe("direct");
  });
});
