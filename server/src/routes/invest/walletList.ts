/** `walletList` (body: credit_type, page; signed in): the ledger rows of one credit type, newest first. */
import type { CreditType } from "../../lib/money.ts";
import { balanceOf, iso } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";

export const WALLET_PAGE_SIZE = 20;

export type WalletEntry = { id: number; amount: string; kind: string; day: string | null; createdAt: string };
export type WalletListData = {
  creditType: CreditType;
  balance: string;
  page: number;
  pageSize: number;
  total: number;
  list: WalletEntry[];
};

export default defineInvestRoute({
  name: "walletList",
  auth: true,
  async handler({ body, db, session }) {
    const address = session!.address.toLowerCase();
    const page = body.page ?? 1;
    const [count, list, balance] = await Promise.all([
      db.query<{ total: number }>(
        "SELECT count(*)::int AS total FROM ledger WHERE address = $1 AND credit_type = $2",
        [address, body.credit_type],
      ),
      db.query<{ id: string; amount: string; kind: string; day: string | null; created_at: Date | string }>(
        `SELECT id::text AS id, amount::text AS amount, kind, day::text AS day, created_at FROM ledger
          WHERE address = $1 AND credit_type = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [address, body.credit_type, WALLET_PAGE_SIZE, (page - 1) * WALLET_PAGE_SIZE],
      ),
      balanceOf(db, address, body.credit_type),
    ]);
    return {
      creditType: body.credit_type,
      balance: balance.toString(),
      page,
      pageSize: WALLET_PAGE_SIZE,
      total: Number(count.rows[0]?.total ?? 0),
      list: list.rows.map((row) => ({
        id: Number(row.id),
        amount: row.amount,
        kind: row.kind,
        day: row.day,
        createdAt: iso(row.created_at),
      })),
    };
  },
});
