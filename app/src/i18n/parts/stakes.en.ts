import type { stakes as zh } from "./stakes.zh";

/** English texts of the stakes page: typed as the Chinese ones, so a missing or extra key fails `tsc`. */
export const stakes: typeof zh = {
  price: {
    stale:
      "The pool's average price is out of date (no new observation for over two price windows), so token deposits are refused. Anyone can start a new one: refresh the price, and token deposits open {{minutes}} minutes later.",
    refresh: "Refresh price",
    opensIn: "Price refreshed: a new {{minutes}}-minute average is being measured. Token deposits open in",
    opensWithin:
      "A new {{minutes}}-minute average was already being measured. Token deposits open at the latest in",
  },
  openStake: {
    rule: "Invite and team income is credited only while you have an open stake of your own: a downline deposit made while you have none pays you nothing, now or later.",
    none: "You have no open stake now: your downline's deposits earn you no invite or team income.",
    open: "You have {{amount}} USDT staked now: your downline's deposits earn you invite and team income.",
  },
  tiers: {
    title: "Stake tiers",
    days: "{{days}} days",
    dailyRate: "Daily rate",
    apr: "APR",
    stock: "Stock left",
    range: "Min / max",
    userMax: "My max",
    closed: "Closed",
    percent: "{{value}}%",
    empty: "The staking contract is not deployed on this network",
  },
  deposit: {
    title: "Deposit",
    tier: "Tier",
    amount: "Amount (USDT value)",
    payWith: "Pay with",
    usdt: "USDT",
    token: "Token",
    youPay: "You pay",
    tokenPrice: "Token valued at",
    marketPrice: "Market price (pool now)",
    priceRule:
      "The lower of the set price {{fbPrice}} and the {{window}}-minute average on the pool {{twap}} USDT",
    income: "Static income at the end",
    ends: "Locked for",
    lock: "{{days}} days",
    balance: "Balance",
    button: "Deposit",
  },
  blocked: {
    notConnected: "Connect your wallet to deposit",
    wrongChain: "Switch your wallet to {{chain}}",
    loading: "Loading...",
    notRegistered: "Bind a referrer before depositing",
    notOpen: "Deposits are not open yet",
    tierClosed: "This tier is closed",
    tokenNotSet: "Paying with the token is not available yet",
    priceUnavailable:
      "Paying with the token waits for the pool's average price (a new one is kept every window; anyone can update it)",
    priceDeviation:
      "Paying with the token is paused: the set price and the pool's average differ by more than {{bound}}%",
  },
  orders: {
    title: "My orders",
    none: "No orders yet",
    number: "Order #{{n}}",
    amount: "Amount",
    income: "Static income",
    paid: "Paid",
    ends: "Ends in",
    releasedAt: "Released",
    receive: "Release pays {{amount}} {{unit}}",
    fee: "after a {{fee}} fee",
    release: "Release",
    unavailable: "Orders cannot be read: this deployment has no DataReader contract",
    sooner: "{{days}} days sooner",
    acceleration: {
      exit: "Exit acceleration",
      bottom: "Bottom acceleration",
    },
    state: {
      inProgress: "In progress",
      releasable: "Releasable",
      ended: "Ended",
    },
  },
  income: {
    title: "My income",
    static: "Static income",
    invite: "Invite income",
    team: "Team income",
    node: "Node dividend",
    exit: "Exit acceleration",
    bottom: "Bottom acceleration",
    total: "Total income",
    claimable: "Claimable (invite + team + node)",
    credited: "Credited (invite + team + node)",
    vested: "Vested so far",
    vesting: "All of it has vested in",
    vestingRule:
      "Income from your team's orders vests linearly, never sooner than those orders end; what is still unvested vests by the latest of their ends. You claim what has vested",
    claim: "Claim income",
    isNode: "You are a node",
    notNode: "Not a node",
    broughtForward: "{{amount}} USDT paid sooner",
    daysSaved: "{{days}} days sooner over {{orders}} orders",
    partial: "Counted over your newest {{count}} orders",
    hint: {
      static: "Your tier's daily rate on your principal, paid with the principal when the order is released.",
      invite:
        "{{rate}}% of the static income of each order up to {{algebra}} generations below you; generation N needs N valid invites.",
      team: "Your team level's rate less what lower levels took, on your team's orders (equal level: {{equal}}%).",
      node: "{{rate}}% of every order's static income, shared equally by the {{count}} nodes managers named; claimed with invite and team income.",
      exit: "A new order's lock is shortened by up to {{rate}}%, in proportion to your invite and team income over your earlier principal.",
      bottom:
        "A new order's lock is shortened by {{rate}}% while your invite and team income is at most {{floor}}% of your earlier principal (newcomers too).",
    },
  },
};
