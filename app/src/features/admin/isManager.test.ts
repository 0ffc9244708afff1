import { describe, expect, it } from "vitest";
import { isManager } from "./isManager";

const owner = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const manager = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const extra = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const member = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

describe("isManager", () => {
  const sources = { owner, configManager: manager, extra: [extra] } as const;

  it("accepts the Presale owner, its configured manager and env-listed addresses", () => {
    expect(isManager(owner, sources)).toBe(true);
    expect(isManager(manager, sources)).toBe(true);
    expect(isManager(extra, sources)).toBe(true);
  });

  it("compares case-insensitively", () => {
    expect(isManager(owner.toLowerCase() as `0x${string}`, sources)).toBe(true);
    expect(isManager(extra.toUpperCase().replace("0X", "0x") as `0x${string}`, sources)).toBe(true);
  });

  it("rejects other accounts and no account", () => {
    expect(isManager(member, sources)).toBe(false);
    expect(isManager(undefined, sources)).toBe(false);
  });

  it("accepts a proposer of the timelock that owns the contracts (the owner is then a contract)", () => {
    const timelockOwned = {
      owner: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      configManager: manager,
    } as const;
    expect(isManager(member, { ...timelockOwned, proposer: true })).toBe(true);
    expect(isManager(member, { ...timelockOwned, proposer: false })).toBe(false);
    expect(isManager(undefined, { ...timelockOwned, proposer: true })).toBe(false);
  });

  it("accepts an owner of the operators' Safe that proposes on the timelock or manages the Presale", () => {
    expect(isManager(member, { ...sources, safeOwner: true })).toBe(true);
    expect(isManager(member, { ...sources, safeOwner: false })).toBe(false);
  });

  it("works while chain reads are missing (only env addresses count then)", () => {
    expect(isManager(extra, { extra: [extra] })).toBe(true);
    expect(isManager(owner, { extra: [extra] })).toBe(false);
    expect(isManager(owner, {})).toBe(false);
  });
});
