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
    count: { one: "已有 {{count}} 人质押", other: "已有 {{count}} 人质押" },
    amount: "质押",
    teamAmount: "团队业绩",
    level: "等级",
    more: "加载更多",
  },
  unstaked: {
    title: "已注册，尚未质押",
    note: "这些地址已通过你的链接注册。它们计入团队页面的直推人数，质押后才成为有效直推。",
    count: { one: "{{count}} 位直推尚未质押", other: "{{count}} 位直推尚未质押" },
    badge: "尚未质押",
    none: "通过你的链接注册的地址都已质押",
    error: "无法从当前网络的 RPC 节点读取注册记录",
  },
  connect: "连接钱包后查看您的邀请",
};
