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
    count: "{{count}} invitees have staked",
    amount: "Staked",
    teamAmount: "Team volume",
    level: "Level",
    more: "Load more",
  },
  connect: "Connect your wallet to see your invitations",
};
