import type { team as zh } from "./team.zh";

/** English texts of the team page: typed as the Chinese ones, so a missing or extra key fails `tsc`. */
export const team: typeof zh = {
  toInvites: "Your invitation link and invitees",
  level: {
    title: "My team level",
    value: "Level {{level}}",
    none: "None",
    manual: "Set by the manager",
    next: "Next level",
    max: "Highest level reached",
    needInvites: "Valid invites {{have}} / {{need}}",
    needAmount: "Team volume {{have}} / {{need}} USDT",
    progress: "Team volume towards the next level",
    missing: "Still needed: {{invites}} valid invites and {{amount}} USDT of team volume",
    met: "Requirements met",
  },
  stats: {
    title: "My team",
    invites: "Direct invites",
    inviteValids: "Valid invites",
    teamUsers: "Team members",
    teamAmount: "Team volume",
    teamMax: "Largest leg",
    teamMin: "Other legs",
    rewardTeam: "Team income",
  },
  table: {
    title: "Team levels",
    level: "Level",
    invites: "Valid invites",
    amount: "Team volume",
    rate: "Rate",
    mine: "My level",
  },
  today: {
    title: "Today's team statistics",
    day: "Day {{day}}",
    amount: "Team deposits",
    users: "New team members",
  },
  chart: {
    title: "Team deposits, last {{days}} days",
    summary: {
      one: "{{amount}} USDT in total · {{count}} new team member",
      other: "{{amount}} USDT in total · {{count}} new team members",
    },
    bar: {
      one: "{{date}}: {{amount}} USDT, {{count}} new team member",
      other: "{{date}}: {{amount}} USDT, {{count}} new team members",
    },
    empty: "No team deposits or new team members in the last {{days}} days",
    historyError: "Earlier days could not be read from the RPC node: only the latest active day is shown",
    behind: "History from the indexer, {{blocks}} blocks behind the chain: the latest days may be missing",
  },
};
