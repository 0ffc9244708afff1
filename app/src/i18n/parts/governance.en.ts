import type { governance as zh } from "./governance.zh";

/** English texts of `/governance` and the timelock parts of the manager pages: typed as the Chinese ones. */
export const governance: typeof zh = {
  intro:
    "Every owner power over the contracts is held by a public timelock: a change that could move, freeze or redirect members' funds (upgrades, ownership, fees, blacklists, addresses) is queued first and can only run once its delay has passed. This page lists every queued change, what it changes and when it can run. No wallet needed.",
  noTimelock: "This network's deployment has no timelock",
  timelock: "Timelock",
  address: "Address",
  delay: "Minimum delay",
  delayNote:
    "A queued change can run once its delay has passed at the earliest; until it runs, a proposer can cancel it.",
  contracts: "Contracts and owners",
  owner: "Owner",
  ownerTimelock: "the Timelock",
  unknown: "unknown",
  implementation: "Proxy implementation",
  notProxy: "not a proxy",
  queue: "Queued operations",
  queueEmpty: "No operation is queued",
  history: "Recent executed and cancelled operations",
  historyEmpty: "No executed or cancelled operation in the blocks read",
  range: "Blocks {{from}} to {{to}} read",
  older: "Show older operations",
  behind:
    "History from the indexer, {{blocks}} blocks behind the chain: the latest operations may be missing",
  readError: "Could not read the timelock's operations from the chain",
  status: {
    waiting: "Waiting",
    ready: "Ready",
    done: "Executed",
    cancelled: "Cancelled",
  },
  readyAt: "Can run from",
  countdown: "Time left",
  scheduledTx: "Scheduled in",
  executedTx: "Executed in",
  cancelledTx: "Cancelled in",
  changes: "Value now → value after:",
  changesScheduled: "Value when scheduled → value after:",
  changesDone: "Before → after:",
  changesCancelled: "It would have changed (value then → new):",
  noChange: "Same as the current value: running it changes nothing",
  unknownCalls: "This operation was scheduled before the blocks read; its calls are unknown",
  value: "Sends {{value}} wei",
  tab: "Timelock",
  tabNote:
    "Owner-class changes are queued on the timelock first; once the delay has passed, Execute applies them. Cancel withdraws a queued operation.",
  noRole: "This address is neither an executor nor a canceller of the timelock: it can only read the queue",
  execute: "Execute",
  cancel: "Cancel operation",
  throughTimelock: "Through the timelock",
  readOnly: "Read-only: this address cannot change it",
  scheduleNote:
    "This change is scheduled on the timelock. It can run from {{time}} ({{delay}} from now): then press Execute in the Timelock tab.",
  duration: {
    days: "{{n}} d",
    hours: "{{n}} h",
    minutes: "{{n}} min",
    seconds: "{{n}} s",
  },
  errors: {
    alreadyQueued: "The same change is already queued and can run from {{time}}; nothing was sent",
    notQueued: "This operation is no longer queued (it was cancelled); nothing was sent",
    alreadyDone: "This operation has already been executed; nothing was sent",
    tooEarly: "Not ready yet: this operation can run from {{time}}; nothing was sent",
  },
};
