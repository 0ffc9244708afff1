import type { invites as zh } from "./invites.zh";

/** English texts of the invites page: typed as the Chinese ones, so a missing or extra key fails `tsc`. */
export const invites: typeof zh = {
  link: {
    title: "My invitation link",
    copy: "Copy link",
    copied: "Link copied",
    copyFailed: "Copy failed, please copy the link by hand",
    qr: "QR code of {{link}}",
  },
  list: {
    title: "My direct invitees",
    count: { one: "{{count}} invitee has staked", other: "{{count}} invitees have staked" },
    amount: "Staked",
    teamAmount: "Team volume",
    level: "Level",
    more: "Load more",
  },
  unstaked: {
    title: "Registered, not staked yet",
    note: "These accounts registered with your link. They count as your direct invites on the team page, and become valid invites once they stake.",
    count: { one: "{{count}} invitee has not staked yet", other: "{{count}} invitees have not staked yet" },
    badge: "Not staked yet",
    none: "Everyone who registered with your link has staked",
    error: "The registrations could not be read from this network's RPC node",
  },
  connect: "Connect your wallet to see your invitations",
};
