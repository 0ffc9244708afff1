/** Chinese texts of the team page, loaded with its route (see ../parts.ts). */
export const team = {
  toInvites: "我的邀请链接和邀请成员",
  incomeRule:
    "只有你自己有进行中的质押时，才会获得邀请收益和团队收益：你没有进行中的质押时，下级的质押不给你收益，之后也不会补发。",
  noOpenStake: "你目前没有进行中的质押：下级的质押不会给你邀请收益和团队收益。",
  level: {
    title: "我的团队等级",
    value: "等级 {{level}}",
    none: "无",
    manual: "由管理员设置",
    next: "下一等级",
    max: "已达最高等级",
    needInvites: "有效邀请 {{have}} / {{need}}",
    needAmount: "团队业绩 {{have}} / {{need}} USDT",
    progress: "距下一等级的团队业绩进度",
    missing: "还差 {{invites}} 个有效邀请和 {{amount}} USDT 团队业绩",
    met: "已满足条件",
  },
  stats: {
    title: "我的团队",
    invites: "直推人数",
    inviteValids: "有效直推",
    teamUsers: "团队人数",
    teamAmount: "团队业绩",
    teamMax: "大区业绩",
    teamMin: "小区业绩",
    rewardTeam: "团队收益",
  },
  table: {
    title: "团队等级",
    level: "等级",
    invites: "有效邀请",
    amount: "团队业绩",
    rate: "比例",
    mine: "我的等级",
  },
  today: {
    title: "今日团队统计",
    day: "第 {{day}} 天",
    amount: "团队存入",
    users: "新增团队人数",
  },
  chart: {
    title: "近 {{days}} 天团队存入",
    summary: {
      one: "合计 {{amount}} USDT · 新增团队 {{count}} 人",
      other: "合计 {{amount}} USDT · 新增团队 {{count}} 人",
    },
    bar: {
      one: "{{date}}：{{amount}} USDT，新增团队 {{count}} 人",
      other: "{{date}}：{{amount}} USDT，新增团队 {{count}} 人",
    },
    empty: "近 {{days}} 天暂无团队存入或新增成员",
    historyError: "无法从 RPC 节点读取更早的日期：仅显示最近一个有记录的日期",
    behind: "历史数据来自索引服务，落后链上 {{blocks}} 个区块：最近几天可能尚未显示",
  },
};
