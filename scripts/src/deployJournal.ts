/**
 * The deploy's journal: every transaction it sends, in order, with its hash as soon as it is sent and its result
 * once mined. A deploy that stopped half way (an RPC error, a lack of gas, Ctrl-C) runs again with the same
 * settings and replays the journal instead of sending again: what was mined is taken as it is, a transaction
 * sent but not yet seen is waited for, and only what never left is sent. Nothing is deployed twice.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import {
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  getAddress,
} from "viem";

export type JournalEntry = {
  /** what the step does, e.g. `create Presale proxy` or `setRegistrar on 0x...`: a replay must match it */
  step: string;
  hash?: Hash;
  /** set once mined */
  block?: number;
  address?: Address;
};

type JournalFile = {
  chainId: number;
  /** the chain's first block: a journal never replays on another chain with the same id (a fresh anvil) */
  genesis: Hex;
  /** the deploy's settings: a run with other settings is a different deploy, not a resumption */
  settings: string;
  entries: JournalEntry[];
};

export type Mined = { address?: Address; block: number };

export class DeployJournal {
  private next = 0;

  private constructor(
    private readonly file: string | undefined,
    private readonly data: JournalFile,
    private readonly client: PublicClient,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Opens the journal in `file` (undefined: keep nothing, for throwaway local chains). A journal of another
   * chain or of other settings is refused with what to do, never overwritten.
   */
  static async open(
    file: string | undefined,
    client: PublicClient,
    settings: unknown,
    log: (line: string) => void,
  ): Promise<DeployJournal> {
    const chainId = await client.getChainId();
    const genesis = (await client.getBlock({ blockNumber: 0n })).hash;
    const fresh: JournalFile = { chainId, genesis, settings: JSON.stringify(settings), entries: [] };
    if (!file || !existsSync(file)) return new DeployJournal(file, fresh, client, log);
    const kept = JSON.parse(readFileSync(file, "utf8")) as JournalFile;
    if (kept.chainId !== chainId || kept.genesis !== genesis) {
      throw new Error(`${file} records a deploy on another chain: move it away to deploy anew`);
    }
    if (kept.settings !== fresh.settings) {
      throw new Error(
        `${file} records a deploy with other settings (${kept.settings}): run with the same settings to resume it, or move the file away to deploy anew`,
      );
    }
    log(`resuming the deploy recorded in ${file} (${kept.entries.length} steps done or sent)`);
    return new DeployJournal(file, kept, client, log);
  }

  /**
   * Runs the next step: replays it from the journal when it was mined before, waits for it when it was sent
   * but not seen mined, and otherwise sends it with `send`. Throws when the transaction reverted.
   */
  async step(step: string, send: () => Promise<Hash>): Promise<Mined> {
    const index = this.next++;
    const kept = this.data.entries[index];
    if (kept && kept.step !== step) {
      throw new Error(
        `step ${index} of the journal is "${kept.step}", this deploy's is "${step}": the deploy changed since; move ${this.file} away to deploy anew`,
      );
    }
    if (kept?.block !== undefined) return { address: kept.address, block: kept.block };
    let receipt = kept?.hash && (await this.receiptOf(kept.hash));
    if (!receipt) {
      const entry: JournalEntry = { step, hash: await send() };
      this.data.entries[index] = entry;
      this.save();
      receipt = await this.client.waitForTransactionReceipt({ hash: entry.hash! });
    }
    if (receipt.status !== "success") throw new Error(`${step} reverted (${receipt.transactionHash})`);
    const address = receipt.contractAddress ? getAddress(receipt.contractAddress) : undefined;
    const mined = { address, block: Number(receipt.blockNumber) };
    this.data.entries[index] = { step, hash: receipt.transactionHash, ...mined };
    this.save();
    return mined;
  }

  /** A transaction sent by an earlier run: its receipt once mined, undefined when the chain never took it. */
  private async receiptOf(hash: Hash): Promise<TransactionReceipt | undefined> {
    const known = await this.client.getTransaction({ hash }).catch(() => undefined);
    if (!known) {
      this.log(`  ${hash} of an earlier run never reached the chain: sending again`);
      return undefined;
    }
    this.log(`  waiting for ${hash}, sent by an earlier run`);
    return this.client.waitForTransactionReceipt({ hash });
  }

  private save() {
    if (this.file) writeFileSync(this.file, `${JSON.stringify(this.data, null, 2)}\n`);
  }
}
