import { beforeAll, describe, expect, it } from "vitest";
import { i18n, loadParts } from "../../i18n";
import type { Announcement } from "../../lib/announcement";
import { landingCheck, landingWarning } from "./announce";
import { alice, bob } from "./auditFixtures";

const upgrade: Announcement = {
  implementation: bob,
  newOwner: undefined,
  announcedAt: 1_000n,
  readyAt: 1_000n + 259_200n,
};

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["manager"]);
});

describe("landingCheck (NotAnnounced)", () => {
  it("lets the announced upgrade land from readyAt, not a second before", () => {
    expect(landingCheck(upgrade, { implementation: bob }, upgrade.readyAt)).toEqual({ ok: true });
    expect(
      landingCheck(upgrade, { implementation: bob.toLowerCase() as typeof bob }, upgrade.readyAt + 1n),
    ).toEqual({
      ok: true,
    });
    expect(landingCheck(upgrade, { implementation: bob }, upgrade.readyAt - 1n)).toEqual({
      ok: false,
      reason: "tooEarly",
      readyAt: upgrade.readyAt,
    });
  });

  it("refuses what was not announced: another implementation, a transfer when an upgrade was, nothing", () => {
    expect(landingCheck(upgrade, { implementation: alice }, upgrade.readyAt)).toMatchObject({
      reason: "notAnnounced",
    });
    expect(landingCheck(upgrade, { newOwner: bob }, upgrade.readyAt)).toMatchObject({
      reason: "notAnnounced",
    });
    expect(landingCheck(undefined, { implementation: bob }, upgrade.readyAt)).toMatchObject({
      reason: "notAnnounced",
    });
    const transfer = { ...upgrade, implementation: undefined, newOwner: alice };
    expect(landingCheck(transfer, { newOwner: alice }, upgrade.readyAt)).toEqual({ ok: true });
    expect(landingCheck(transfer, { implementation: alice }, upgrade.readyAt)).toMatchObject({
      reason: "notAnnounced",
    });
  });

  it("words the refusal, with when the announced change may land", () => {
    expect(landingWarning({ ok: true })).toBeUndefined();
    const early = landingWarning({ ok: false, reason: "tooEarly", readyAt: 1_767_225_600n })!;
    expect(i18n.t(early.key, early.values)).toContain("1 Jan 2026, 00:00:00 UTC");
    const none = landingWarning({ ok: false, reason: "notAnnounced" })!;
    expect(none.key).toBe("manager.announce.notAnnounced");
  });
});
