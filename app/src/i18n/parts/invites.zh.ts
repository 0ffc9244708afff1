/** Chinese texts of the invites page, loaded with its route (see ../parts.ts). */
export const invites = {
  link: {
    title: "我的邀请链接",
    copy: "复制链接",
    copied: "链接已复制",
    copyFailed: "复制失败，请手动复制链接",
    qr: "{{link}} 的二维码",
  },
  list: {
    title: "我的直推",
    count: "已有 {{count}} 人质押",
    amount: "质押",
    teamAmount: "团队业绩",
    level: "等级",
    more: "加载更多",
  },
  connect: "连接钱包后查看您的邀请",
};
