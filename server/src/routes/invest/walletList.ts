/** `walletList` (body: credit_type, page; signed in): the ledger rows of one credit type, newest first. */
import * as ledger from "../../data/ledger.ts";
import { iso } from "../../lib/api.ts";
import type { CreditType } from "../../lib/money.ts";
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
    const [entries, balance] = await Promise.all([
      ledger.page(db, address, body.credit_type, WALLET_PAGE_SIZE, (page - 1) * WALLET_PAGE_SIZE),
      ledger.balanceOf(db, address, body.credit_type),
    ]);
    return {
      creditType: body.credit_type,
      balance: balance.toString(),
      page,
      pageSize: WALLET_PAGE_SIZE,
      total: entries.total,
      list: entries.rows.map((row) => ({
        id: Number(row.id),
        amount: row.amount,
        kind: row.kind,
        day: row.day,
        createdAt: iso(row.created_at),
      })),
    };
  },
});
