/**
 * `npm run mutation -- contracts [name ...]`: named mutations of the contracts' money functions (a modifier
 * dropped, a comparison flipped, a state update skipped, a rounding turned), each applied alone to its source,
 * with the forge tests that should notice it run (scoped by file and contract). A mutation is killed when at
 * least one of those tests fails; one that still compiles and passes them all survived. The source is
 * restored after each, also on Ctrl-C or an error.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import { MUTATION_RESULTS } from "./scores.ts";

export type ContractMutation = {
  name: string;
  /** under contracts/src */
  file: string;
  from: string;
  to: string;
  /** the forge tests that should kill it: `--match-path` and `--match-contract` */
  path: string;
  contract: string;
};

const CONTRACTS = join(REPO_ROOT, "contracts");

export const CONTRACT_MUTATIONS: ContractMutation[] = [
  {
    name: "Staking.release: no nonReentrant",
    file: "StakingAdmin.sol",
    from: "function release(uint256 index) external nonReentrant {",
    to: "function release(uint256 index) external {",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Staking.release: before the lock ends",
    file: "StakingAdmin.sol",
    from: "if (block.timestamp < data.endTime) revert IStaking.OrderNotEnded",
    to: "if (block.timestamp < data.startTime) revert IStaking.OrderNotEnded",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Staking.release: not marked released",
    file: "StakingAdmin.sol",
    from: "        order.lastTime = uint32(block.timestamp);\n        (uint256 reward, uint256 fee) = _closeOrder",
    to: "        (uint256 reward, uint256 fee) = _closeOrder",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Staking.release: another's order",
    file: "StakingAdmin.sol",
    from: "if (data.owner != msg.sender) revert IStaking.NotOrderOwner(index, data.owner);",
    to: "",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Staking.claimReward: claimed not recorded",
    file: "StakingAdmin.sol",
    from: "me.rewardClaimed = uint128(vested); // at most the income credited, a uint128",
    to: "",
    path: "test/StakingIncome.t.sol",
    contract: "^StakingIncomeTest$",
  },
  {
    name: "Staking.withdraw: may take what is owed",
    file: "StakingAdmin.sol",
    from: "if (amount > available) revert IStaking.ExceedsWithdrawable(token_, amount, available);",
    to: "",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Staking.withdraw: anyone",
    file: "StakingAdmin.sol",
    from: "function withdraw(address token_, address to, uint256 amount) external onlyOwnerOrManager nonReentrant {",
    to: "function withdraw(address token_, address to, uint256 amount) external nonReentrant {",
    path: "test/Privileged.t.sol",
    contract: "^PrivilegedStakingTest$",
  },
  {
    name: "Staking.deposit: over the tier's stock",
    file: "Staking.sol",
    from: "if (amount > tier.stock) revert StockExceeded(amount, tier.stock);",
    to: "",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Staking.deposit: static income rounded up",
    file: "libraries/StakingMath.sol",
    from: "return Math.mulDiv(principal, rate * lockDay, DENOMINATOR);",
    to: "return Math.mulDiv(principal, rate * lockDay, DENOMINATOR, Math.Rounding.Ceil);",
    path: "test/Staking.t.sol",
    contract: "^StakingTest$",
  },
  {
    name: "Presale.register: self-referral",
    file: "Presale.sol",
    from: "if (referrer == account) revert SelfReferral();",
    to: "",
    path: "test/Presale.t.sol",
    contract: "^PresaleTest$",
  },
  {
    name: "Presale.register: twice",
    file: "Presale.sol",
    from: "if ($.users[account].index != 0) revert AlreadyRegistered(account);",
    to: "",
    path: "test/Presale.t.sol",
    contract: "^PresaleTest$",
  },
  {
    name: "LpSwap.claimLP: no nonReentrant",
    file: "LpSwap.sol",
    from: "function claimLP() external nonReentrant {",
    to: "function claimLP() external {",
    path: "test/LpSwap.t.sol",
    contract: "^LpSwapTest$",
  },
  {
    name: "LpSwap.claimLP: claimed not recorded",
    file: "LpSwap.sol",
    from: "        p.claimed = p.released;\n",
    to: "",
    path: "test/LpSwap.t.sol",
    contract: "^LpSwapTest$",
  },
  {
    name: "LpSwap: daily release rounded down",
    file: "LpSwap.sol",
    from: "uint256 daily = (uint256(p.amount) * rate + RATE_DENOMINATOR - 1) / RATE_DENOMINATOR;",
    to: "uint256 daily = (uint256(p.amount) * rate) / RATE_DENOMINATOR;",
    path: "test/LpSwap.t.sol",
    contract: "^LpSwapTest$",
  },
  {
    name: "LpSwap.sendLPToWallet: beyond the surplus",
    file: "LpSwap.sol",
    from: "if (amount > surplus) revert SurplusExceeded(amount, surplus);",
    to: "",
    path: "test/LpSwap.t.sol",
    contract: "^LpSwapTest$",
  },
  {
    name: "Ido.claim: twice",
    file: "Ido.sol",
    from: "        purchase.claimed = true;\n",
    to: "",
    path: "test/Ido.t.sol",
    contract: "^IdoTest$",
  },
  {
    name: "Ido.claimReward: claimed not recorded",
    file: "Ido.sol",
    from: "        member.rewardClaimed += amount;\n",
    to: "",
    path: "test/Ido.t.sol",
    contract: "^IdoTest$",
  },
  {
    name: "FeeToken: burn share rounded up",
    file: "base/FeeToken.sol",
    from: "uint256 burnShare = value * fees.burn / FEE_DENOMINATOR;",
    to: "uint256 burnShare = (value * fees.burn + FEE_DENOMINATOR - 1) / FEE_DENOMINATOR;",
    path: "test/SwapToken.t.sol",
    contract: "^SwapTokenTest$",
  },
  {
    name: "FeeToken.setFees: anyone",
    file: "base/FeeToken.sol",
    from: "function setFees(Fees calldata buyFees, Fees calldata sellFees) external onlyOwner {",
    to: "function setFees(Fees calldata buyFees, Fees calldata sellFees) external {",
    path: "test/Privileged.t.sol",
    contract: "^PrivilegedTokenTest$",
  },
];

type Outcome = "killed" | "SURVIVED" | "did not compile";

/**
 * What `npm run bench -- mutation` prints of the contracts: each named mutation's last outcome (a run of some
 * of them keeps the others'), and how many of those run are killed, of the `defined` ones.
 */
export type ContractRecord = {
  killed: number;
  total: number;
  defined: number;
  at: string;
  mutations: Record<string, { outcome: Outcome; failing: number; killedBy?: string[]; at: string }>;
};

/** `previous` (if any) with this run's outcomes; mutations no longer defined are dropped. */
export function contractRecord(
  previous: ContractRecord | undefined,
  outcomes: { mutation: string; outcome: Outcome; failing: number; killedBy?: string[] }[],
  at: string,
): ContractRecord {
  const mutations = { ...previous?.mutations };
  for (const { mutation, outcome, failing, killedBy } of outcomes) {
    mutations[mutation] = { outcome, failing, ...(killedBy && { killedBy }), at };
  }
  const kept = Object.fromEntries(
    CONTRACT_MUTATIONS.filter((m) => m.name in mutations).map((m) => [m.name, mutations[m.name]!]),
  );
  return {
    killed: Object.values(kept).filter((m) => m.outcome === "killed").length,
    total: Object.keys(kept).length,
    defined: CONTRACT_MUTATIONS.length,
    at,
    mutations: kept,
  };
}

/** Runs the mutations asked for (none: all), keeps their outcomes in .data/mutation; true when each was killed. */
export function runContractMutations(asked: string[]): boolean {
  const chosen = CONTRACT_MUTATIONS.filter(
    (m) => asked.length === 0 || asked.some((a) => m.name.includes(a)),
  );
  if (chosen.length === 0) throw new Error(`no contract mutation matches ${asked.join(", ")}`);
  const rows: {
    mutation: string;
    outcome: Outcome;
    failing: number;
    killedBy: string[];
    tests: string;
    seconds: number;
  }[] = [];
  for (const mutation of chosen) {
    const started = Date.now();
    const { outcome, failing, killedBy } = withMutation(mutation, () => runForge(mutation));
    rows.push({
      mutation: mutation.name,
      outcome,
      failing,
      killedBy,
      tests: `${mutation.path} ${mutation.contract}`,
      seconds: Math.round((Date.now() - started) / 1000),
    });
    console.log(`${mutation.name}: ${outcome} (${failing} failing: ${killedBy.join(", ")})`);
  }
  console.table(rows.map(({ killedBy, ...row }) => ({ ...row, killedBy: killedBy.join(" ") })));
  const killed = rows.filter((r) => r.outcome === "killed").length;
  console.log(`contracts: ${killed} of ${rows.length} mutations killed`);
  mkdirSync(MUTATION_RESULTS, { recursive: true });
  const file = join(MUTATION_RESULTS, "mutation-contracts.json");
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ContractRecord) : undefined;
  const record = contractRecord(previous, rows, new Date().toISOString());
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return killed === rows.length;
}

/**
 * Applies `mutation` to its source for the duration of `run`, and puts the source back whatever happens, with
 * the gas snapshots (forge rewrites them from the tests it ran, here against mutated code).
 */
function withMutation<T>(mutation: ContractMutation, run: () => T): T {
  const file = join(CONTRACTS, "src", mutation.file);
  const original = readFileSync(file, "utf8");
  const snapshotDir = join(CONTRACTS, "snapshots");
  const snapshots = readdirSync(snapshotDir).map((name) => {
    const path = join(snapshotDir, name);
    return { path, text: readFileSync(path, "utf8") };
  });
  const occurrences = original.split(mutation.from).length - 1;
  if (occurrences !== 1) {
    throw new Error(
      `${mutation.name}: expected the text once in ${mutation.file}, found it ${occurrences} times`,
    );
  }
  const restore = () => {
    writeFileSync(file, original);
    for (const { path, text } of snapshots) writeFileSync(path, text);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    process.kill(process.pid, signal);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    writeFileSync(file, original.replace(mutation.from, mutation.to));
    return run();
  } finally {
    restore();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}

function runForge(mutation: ContractMutation): { outcome: Outcome; failing: number; killedBy: string[] } {
  // forge in its own process group would miss Ctrl-C; in ours it stops with us, and `withMutation` restores
  const forge = spawnSync(
    "npx",
    [
      "forge",
      "test",
      "--match-path",
      mutation.path,
      "--match-contract",
      mutation.contract,
      "--no-match-test",
      "invariant",
    ],
    { cwd: CONTRACTS, encoding: "utf8", env: { ...process.env, FOUNDRY_FUZZ_RUNS: "64" } },
  );
  const output = `${forge.stdout}${forge.stderr}`;
  if (/Compiler run failed|Error \(\d+\)/.test(output)) {
    return { outcome: "did not compile", failing: 0, killedBy: [] };
  }
  const failing = Number(/(\d+) failed/.exec(output)?.[1] ?? 0);
  if (forge.status !== 0 && failing === 0) throw new Error(`${mutation.name}: forge failed\n${output}`);
  // "[FAIL: reason] test_name() (gas: …)", fuzz tests "(runs: …)"; the summary lists them again
  const killedBy = [
    ...new Set([...output.matchAll(/^\[FAIL.*\]\s+(\w+)\([^)]*\)\s+\((?:gas|runs)/gm)].map((m) => m[1]!)),
  ];
  return { outcome: failing > 0 ? "killed" : "SURVIVED", failing, killedBy };
}
