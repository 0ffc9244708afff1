import { describe, expect, it } from "vitest";
import { callRoute } from "./useAdminCall";

const timelock = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const deployer = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const manager = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const member = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("callRoute", () => {
  const owned = { owner: timelock, manager, timelock } as const;

  it("schedules on the timelock for its proposers, owner-class or not", () => {
    expect(callRoute({ ...owned, account: deployer, proposer: true, ownerOnly: true })).toBe("timelock");
    expect(callRoute({ ...owned, account: deployer, proposer: true, ownerOnly: false })).toBe("timelock");
  });

  it("lets the manager call manager-class functions at once, and nothing owner-class", () => {
    expect(callRoute({ ...owned, account: manager, proposer: false, ownerOnly: false })).toBe("direct");
    expect(callRoute({ ...owned, account: manager, proposer: false, ownerOnly: true })).toBe("none");
  });

  it("routes an owner-class change of a manager's form: the timelock for a proposer, nothing for the manager", () => {
    // a lower LpSwap rate or a higher Ido price in the manager's form (routeFor(true))
    expect(callRoute({ ...owned, account: manager, proposer: false, ownerOnly: true })).toBe("none");
    expect(callRoute({ ...owned, account: manager, proposer: true, ownerOnly: true })).toBe("timelock");
    expect(callRoute({ ...owned, account: deployer, proposer: true, ownerOnly: true })).toBe("timelock");
  });

  it("gives a stranger nothing, and a proposer nothing on a contract the timelock does not own", () => {
    expect(callRoute({ ...owned, account: member, proposer: false, ownerOnly: false })).toBe("none");
    expect(
      callRoute({ owner: member, manager, timelock, account: deployer, proposer: true, ownerOnly: true }),
    ).toBe("none");
  });

  it("calls directly for an owner that is the connected account (a deployment without a timelock)", () => {
    expect(
      callRoute({
        owner: deployer,
        manager,
        timelock: undefined,
        account: deployer.toLowerCase() as never,
        proposer: undefined,
        ownerOnly: true,
      }),
    ).toBe("direct");
  });
});
