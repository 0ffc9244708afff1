/**
 * The one catalogue of answer messages, in every language of the app (`@taichi/api/lang`). Each
 * language must have exactly the keys of `en` (a missing or extra key fails the type check), and `t`
 * requires the `{placeholders}` the English text uses (test/messages.test.ts checks each language keeps
 * them).
 */
import { LANGS, type Lang, normalizeLang } from "@taichi/api/lang";

export { LANGS, type Lang };
const en = {
  success: "Success",
  operateError: "Operate Error",
  invalidParameter: "invalid parameter: {field}",
  invalidRequest: "invalid request",
  sessionInvalid: "Login expired, please sign in again",
  notFound: "Not Found",
  tooManyRequests: "Too many requests, please try again later",
  loginFailed: "Sign-in failed: {reason}",
  notRegistered: "Please register first",
  alreadyRegistered: "This address is already registered",
  recommendNotRegistered:
    "The recommended address is not registered, please enter a valid recommended address",
  recommendIsSelf: "You cannot recommend yourself",
  recommendIsYourReferral: "The referral cannot be your own direct referral",
  machineNotFound: "No such machine type",
  nodeNotFound: "No such node",
  quantityTooSmall: "Quantity must be greater than 0",
  amountExceedsMax: "Amount exceeds the maximum ({max})",
  nodeSoldOut: "This node is sold out",
  nodeAlreadyOwned: "You already hold a node",
  balanceInsufficient: "Balance insufficient",
  belowMinimum: "Below the minimum ({min})",
  arbMinimum: "ARB withdrawal must be more than {min}",
  hashUsed: "This transaction has already been used",
  paymentInvalid: "Payment not accepted: {reason}",
  notInTeam: "This member is not in your team",
  notOperator: "Operators only",
  withdrawalNotFound: "No such withdrawal",
  withdrawalState: "Withdrawal {id} is {status}; it cannot become {to}",
  notApprover: "Withdrawal {id} was approved by {approver}: only that operator can reject it",
  payoutInvalid: "Payout not accepted: {reason}",
  usernameCharacters: "The username may not contain < or > or invisible formatting characters",
  busy: "The server is busy, please try again shortly",
  treasuryPayer: "The treasury cannot pay for a member",
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = { readonly [K in MessageKey]: string };

const zh: Catalogue = {
  success: "成功",
  operateError: "操作失败",
  invalidParameter: "参数错误: {field}",
  invalidRequest: "请求无效",
  sessionInvalid: "登录已失效，请重新登录",
  notFound: "接口不存在",
  tooManyRequests: "请求过于频繁，请稍后再试",
  loginFailed: "登录失败: {reason}",
  notRegistered: "请先注册",
  alreadyRegistered: "该地址已注册",
  recommendNotRegistered: "推荐地址未注册，请输入有效的推荐地址",
  recommendIsSelf: "不能推荐自己",
  recommendIsYourReferral: "推荐人不能是您自己的直推",
  machineNotFound: "矿机类型不存在",
  nodeNotFound: "节点不存在",
  quantityTooSmall: "数量必须大于0",
  amountExceedsMax: "数量超过最大值 ({max})",
  nodeSoldOut: "该节点已售罄",
  nodeAlreadyOwned: "您已持有节点",
  balanceInsufficient: "余额不足",
  belowMinimum: "低于最小值 ({min})",
  arbMinimum: "ARB 提现必须大于 {min}",
  hashUsed: "该交易已被使用",
  paymentInvalid: "支付未通过: {reason}",
  notInTeam: "该成员不在您的团队中",
  notOperator: "仅限运营人员操作",
  withdrawalNotFound: "提现申请不存在",
  withdrawalState: "提现申请 {id} 当前为 {status}，不能变更为 {to}",
  notApprover: "提现申请 {id} 由 {approver} 审核通过：只有该操作员可以驳回",
  payoutInvalid: "打款未通过: {reason}",
  usernameCharacters: "用户名不能包含 < 或 > 或不可见的格式字符",
  busy: "服务器繁忙，请稍后再试",
  treasuryPayer: "金库地址不能为会员付款",
};

const zhHant: Catalogue = {
  success: "成功",
  operateError: "操作失敗",
  invalidParameter: "參數錯誤: {field}",
  invalidRequest: "請求無效",
  sessionInvalid: "登入已失效，請重新登入",
  notFound: "介面不存在",
  tooManyRequests: "請求過於頻繁，請稍後再試",
  loginFailed: "登入失敗: {reason}",
  notRegistered: "請先註冊",
  alreadyRegistered: "此地址已註冊",
  recommendNotRegistered: "推薦地址未註冊，請輸入有效的推薦地址",
  recommendIsSelf: "不能推薦自己",
  recommendIsYourReferral: "推薦人不能是您自己的直推",
  machineNotFound: "礦機類型不存在",
  nodeNotFound: "節點不存在",
  quantityTooSmall: "數量必須大於 0",
  amountExceedsMax: "數量超過上限 ({max})",
  nodeSoldOut: "此節點已售罄",
  nodeAlreadyOwned: "您已持有節點",
  balanceInsufficient: "餘額不足",
  belowMinimum: "低於最小值 ({min})",
  arbMinimum: "ARB 提領必須大於 {min}",
  hashUsed: "此交易已被使用",
  paymentInvalid: "付款未通過: {reason}",
  notInTeam: "此成員不在您的團隊中",
  notOperator: "僅限營運人員操作",
  withdrawalNotFound: "提領申請不存在",
  withdrawalState: "提領申請 {id} 目前為 {status}，無法變更為 {to}",
  notApprover: "提領申請 {id} 由 {approver} 審核通過：只有該營運人員可以駁回",
  payoutInvalid: "撥款未通過: {reason}",
  usernameCharacters: "使用者名稱不能包含 < 或 > 或不可見的格式字元",
  busy: "伺服器忙碌中，請稍後再試",
  treasuryPayer: "金庫地址不能為會員付款",
};

const vi: Catalogue = {
  success: "Thành công",
  operateError: "Thao tác thất bại",
  invalidParameter: "Tham số không hợp lệ: {field}",
  invalidRequest: "Yêu cầu không hợp lệ",
  sessionInvalid: "Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại",
  notFound: "Không tìm thấy",
  tooManyRequests: "Quá nhiều yêu cầu, vui lòng thử lại sau",
  loginFailed: "Đăng nhập thất bại: {reason}",
  notRegistered: "Vui lòng đăng ký trước",
  alreadyRegistered: "Địa chỉ này đã được đăng ký",
  recommendNotRegistered:
    "Địa chỉ người giới thiệu chưa đăng ký, vui lòng nhập một địa chỉ giới thiệu hợp lệ",
  recommendIsSelf: "Bạn không thể tự giới thiệu chính mình",
  recommendIsYourReferral: "Người giới thiệu không thể là người do chính bạn giới thiệu trực tiếp",
  machineNotFound: "Không có loại máy này",
  nodeNotFound: "Không có node này",
  quantityTooSmall: "Số lượng phải lớn hơn 0",
  amountExceedsMax: "Số lượng vượt quá mức tối đa ({max})",
  nodeSoldOut: "Node này đã bán hết",
  nodeAlreadyOwned: "Bạn đã sở hữu một node",
  balanceInsufficient: "Số dư không đủ",
  belowMinimum: "Thấp hơn mức tối thiểu ({min})",
  arbMinimum: "Số ARB rút phải lớn hơn {min}",
  hashUsed: "Giao dịch này đã được sử dụng",
  paymentInvalid: "Thanh toán không được chấp nhận: {reason}",
  notInTeam: "Thành viên này không thuộc đội nhóm của bạn",
  notOperator: "Chỉ dành cho nhân viên vận hành",
  withdrawalNotFound: "Không có yêu cầu rút tiền này",
  withdrawalState: "Yêu cầu rút tiền {id} đang ở trạng thái {status}; không thể chuyển sang {to}",
  notApprover: "Yêu cầu rút tiền {id} do {approver} phê duyệt: chỉ người vận hành đó mới có thể từ chối",
  payoutInvalid: "Chi trả không được chấp nhận: {reason}",
  usernameCharacters: "Tên người dùng không được chứa < hoặc > hoặc ký tự định dạng ẩn",
  busy: "Máy chủ đang bận, vui lòng thử lại sau ít phút",
  treasuryPayer: "Ví quỹ không thể thanh toán thay cho thành viên",
};

const id: Catalogue = {
  success: "Berhasil",
  operateError: "Operasi gagal",
  invalidParameter: "Parameter tidak valid: {field}",
  invalidRequest: "Permintaan tidak valid",
  sessionInvalid: "Sesi login telah berakhir, silakan masuk kembali",
  notFound: "Tidak ditemukan",
  tooManyRequests: "Terlalu banyak permintaan, silakan coba lagi nanti",
  loginFailed: "Gagal masuk: {reason}",
  notRegistered: "Silakan daftar terlebih dahulu",
  alreadyRegistered: "Alamat ini sudah terdaftar",
  recommendNotRegistered: "Alamat perujuk belum terdaftar, silakan masukkan alamat perujuk yang valid",
  recommendIsSelf: "Anda tidak dapat merujuk diri sendiri",
  recommendIsYourReferral: "Perujuk tidak boleh rujukan langsung Anda sendiri",
  machineNotFound: "Jenis mesin tidak ditemukan",
  nodeNotFound: "Node tidak ditemukan",
  quantityTooSmall: "Jumlah harus lebih dari 0",
  amountExceedsMax: "Jumlah melebihi batas maksimum ({max})",
  nodeSoldOut: "Node ini sudah habis terjual",
  nodeAlreadyOwned: "Anda sudah memiliki node",
  balanceInsufficient: "Saldo tidak mencukupi",
  belowMinimum: "Di bawah batas minimum ({min})",
  arbMinimum: "Penarikan ARB harus lebih dari {min}",
  hashUsed: "Transaksi ini sudah pernah digunakan",
  paymentInvalid: "Pembayaran tidak diterima: {reason}",
  notInTeam: "Anggota ini tidak ada dalam tim Anda",
  notOperator: "Khusus operator",
  withdrawalNotFound: "Permintaan penarikan tidak ditemukan",
  withdrawalState: "Penarikan {id} berstatus {status}; tidak dapat diubah menjadi {to}",
  notApprover: "Penarikan {id} disetujui oleh {approver}: hanya operator tersebut yang dapat menolaknya",
  payoutInvalid: "Pembayaran keluar tidak diterima: {reason}",
  usernameCharacters: "Nama pengguna tidak boleh berisi < atau > atau karakter format yang tidak terlihat",
  busy: "Server sedang sibuk, silakan coba lagi sebentar lagi",
  treasuryPayer: "Alamat treasury tidak dapat membayar untuk anggota",
};

const ko: Catalogue = {
  success: "성공",
  operateError: "작업에 실패했습니다",
  invalidParameter: "잘못된 매개변수: {field}",
  invalidRequest: "잘못된 요청입니다",
  sessionInvalid: "로그인이 만료되었습니다. 다시 로그인해 주세요",
  notFound: "찾을 수 없습니다",
  tooManyRequests: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요",
  loginFailed: "로그인 실패: {reason}",
  notRegistered: "먼저 등록해 주세요",
  alreadyRegistered: "이미 등록된 주소입니다",
  recommendNotRegistered: "추천인 주소가 등록되어 있지 않습니다. 유효한 추천인 주소를 입력해 주세요",
  recommendIsSelf: "자기 자신을 추천할 수 없습니다",
  recommendIsYourReferral: "회원님이 직접 추천한 주소는 추천인이 될 수 없습니다",
  machineNotFound: "존재하지 않는 채굴기 유형입니다",
  nodeNotFound: "존재하지 않는 노드입니다",
  quantityTooSmall: "수량은 0보다 커야 합니다",
  amountExceedsMax: "최대 수량({max})을 초과했습니다",
  nodeSoldOut: "이 노드는 매진되었습니다",
  nodeAlreadyOwned: "이미 노드를 보유하고 있습니다",
  balanceInsufficient: "잔액이 부족합니다",
  belowMinimum: "최솟값({min})보다 작습니다",
  arbMinimum: "ARB 출금액은 {min}보다 커야 합니다",
  hashUsed: "이미 사용된 거래입니다",
  paymentInvalid: "결제가 승인되지 않았습니다: {reason}",
  notInTeam: "회원님의 팀에 속한 회원이 아닙니다",
  notOperator: "운영자만 가능합니다",
  withdrawalNotFound: "존재하지 않는 출금 신청입니다",
  withdrawalState: "출금 신청 {id}은(는) 현재 {status} 상태이므로 {to}(으)로 변경할 수 없습니다",
  notApprover: "출금 신청 {id}은(는) {approver}이(가) 승인했습니다. 해당 운영자만 거절할 수 있습니다",
  payoutInvalid: "지급이 승인되지 않았습니다: {reason}",
  usernameCharacters: "사용자 이름에는 <, > 또는 보이지 않는 서식 문자를 사용할 수 없습니다",
  busy: "서버가 혼잡합니다. 잠시 후 다시 시도해 주세요",
  treasuryPayer: "재무 지갑은 회원을 대신해 결제할 수 없습니다",
};

const ja: Catalogue = {
  success: "成功しました",
  operateError: "操作に失敗しました",
  invalidParameter: "パラメータが正しくありません: {field}",
  invalidRequest: "リクエストが正しくありません",
  sessionInvalid: "ログインの有効期限が切れました。再度ログインしてください",
  notFound: "見つかりません",
  tooManyRequests: "リクエストが多すぎます。しばらくしてから再度お試しください",
  loginFailed: "ログインに失敗しました: {reason}",
  notRegistered: "先に登録してください",
  alreadyRegistered: "このアドレスは登録済みです",
  recommendNotRegistered: "紹介者アドレスが登録されていません。有効な紹介者アドレスを入力してください",
  recommendIsSelf: "自分自身を紹介者にすることはできません",
  recommendIsYourReferral: "ご自身が直接紹介したアドレスを紹介者にすることはできません",
  machineNotFound: "このマシンの種類は存在しません",
  nodeNotFound: "このノードは存在しません",
  quantityTooSmall: "数量は 0 より大きくしてください",
  amountExceedsMax: "数量が上限（{max}）を超えています",
  nodeSoldOut: "このノードは完売しました",
  nodeAlreadyOwned: "すでにノードを保有しています",
  balanceInsufficient: "残高が不足しています",
  belowMinimum: "最小値（{min}）を下回っています",
  arbMinimum: "ARB の出金額は {min} より大きくしてください",
  hashUsed: "この取引はすでに使用されています",
  paymentInvalid: "支払いが承認されませんでした: {reason}",
  notInTeam: "このメンバーはあなたのチームに所属していません",
  notOperator: "運営者のみ操作できます",
  withdrawalNotFound: "この出金申請は存在しません",
  withdrawalState: "出金申請 {id} は現在 {status} のため、{to} に変更できません",
  notApprover: "出金申請 {id} は {approver} が承認しました。却下できるのはその運営者のみです",
  payoutInvalid: "送金が承認されませんでした: {reason}",
  usernameCharacters: "ユーザー名に < や >、見えない書式文字は使用できません",
  busy: "サーバーが混み合っています。しばらくしてから再度お試しください",
  treasuryPayer: "トレジャリーのアドレスはメンバーの代わりに支払うことはできません",
};

const th: Catalogue = {
  success: "สำเร็จ",
  operateError: "ดำเนินการไม่สำเร็จ",
  invalidParameter: "พารามิเตอร์ไม่ถูกต้อง: {field}",
  invalidRequest: "คำขอไม่ถูกต้อง",
  sessionInvalid: "การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง",
  notFound: "ไม่พบข้อมูล",
  tooManyRequests: "มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง",
  loginFailed: "เข้าสู่ระบบไม่สำเร็จ: {reason}",
  notRegistered: "กรุณาลงทะเบียนก่อน",
  alreadyRegistered: "ที่อยู่นี้ลงทะเบียนแล้ว",
  recommendNotRegistered: "ที่อยู่ผู้แนะนำยังไม่ได้ลงทะเบียน กรุณากรอกที่อยู่ผู้แนะนำที่ถูกต้อง",
  recommendIsSelf: "คุณไม่สามารถแนะนำตัวเองได้",
  recommendIsYourReferral: "ผู้แนะนำต้องไม่ใช่ผู้ที่คุณแนะนำโดยตรง",
  machineNotFound: "ไม่มีเครื่องประเภทนี้",
  nodeNotFound: "ไม่มีโหนดนี้",
  quantityTooSmall: "จำนวนต้องมากกว่า 0",
  amountExceedsMax: "จำนวนเกินค่าสูงสุด ({max})",
  nodeSoldOut: "โหนดนี้ขายหมดแล้ว",
  nodeAlreadyOwned: "คุณมีโหนดอยู่แล้ว",
  balanceInsufficient: "ยอดเงินคงเหลือไม่เพียงพอ",
  belowMinimum: "ต่ำกว่าค่าขั้นต่ำ ({min})",
  arbMinimum: "การถอน ARB ต้องมากกว่า {min}",
  hashUsed: "ธุรกรรมนี้ถูกใช้ไปแล้ว",
  paymentInvalid: "การชำระเงินไม่ได้รับการยอมรับ: {reason}",
  notInTeam: "สมาชิกนี้ไม่ได้อยู่ในทีมของคุณ",
  notOperator: "เฉพาะผู้ดูแลระบบเท่านั้น",
  withdrawalNotFound: "ไม่พบคำขอถอนเงินนี้",
  withdrawalState: "คำขอถอนเงิน {id} อยู่ในสถานะ {status} จึงเปลี่ยนเป็น {to} ไม่ได้",
  notApprover: "คำขอถอนเงิน {id} ได้รับอนุมัติโดย {approver}: มีเพียงผู้ดูแลคนนั้นที่ปฏิเสธได้",
  payoutInvalid: "การจ่ายเงินไม่ได้รับการยอมรับ: {reason}",
  usernameCharacters: "ชื่อผู้ใช้ต้องไม่มี < หรือ > หรืออักขระจัดรูปแบบที่มองไม่เห็น",
  busy: "เซิร์ฟเวอร์ไม่ว่าง กรุณาลองใหม่อีกครั้งในอีกสักครู่",
  treasuryPayer: "ที่อยู่คลังไม่สามารถชำระเงินแทนสมาชิกได้",
};

export const MESSAGES: { readonly [L in Lang]: Catalogue } = {
  zh,
  "zh-Hant": zhHant,
  en,
  vi,
  id,
  ko,
  ja,
  th,
};

/**
 * The language of the database's texts (announcements, machine and node names have zh and en columns):
 * Chinese for both scripts, English for every other language.
 */
export type ContentLang = "zh" | "en";
export const contentLang = (lang: Lang): ContentLang => (lang === "zh" || lang === "zh-Hant" ? "zh" : "en");

type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** `[]` for a message without placeholders, `[{ field: ... }]` for one with them. */
export type MessageParams<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [params: { readonly [P in Placeholders<(typeof en)[K]>]: string | number }];

export function t<K extends MessageKey>(lang: Lang, key: K, ...args: MessageParams<K>): string {
  const template = MESSAGES[lang][key];
  const params: Readonly<Record<string, string | number>> = args[0] ?? {};
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The `lang` request header as a language (`normalizeLang`): `zh-cn` (the app's zh) or `zh` is zh,
 * `zh-Hant` (or zh-TW, zh-HK) Traditional Chinese, `en`, `vi`, `id`, `ko`, `ja`, `th` (any region);
 * anything else, or none, is zh.
 */
export function resolveLang(header: string | string[] | undefined): Lang {
  return normalizeLang(Array.isArray(header) ? header[0] : header);
}
