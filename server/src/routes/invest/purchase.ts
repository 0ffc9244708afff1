/** Shared checks of the buy routes: what is bought, what it costs, where to pay. */
import type { PaymentDue } from "@taichi/api";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../../db/index.ts";
import type { Lang } from "../../i18n/messages.ts";
import { reject } from "../../lib/api.ts";
import * as machines from "../../data/machines.ts";
import * as nodes from "../../data/nodes.ts";
import { requireMember } from "../../lib/members.ts";

export type PayTo = PaymentDue;

export async function payTo(app: FastifyInstance, amount: bigint): Promise<PayTo> {
  return {
    amount: amount.toString(),
    token: app.paymentTarget.token,
    treasury: app.paymentTarget.treasury,
    chainId: app.auth.chainId,
  };
}

export async function machineQuote(
  db: Queryable,
  lang: Lang,
  address: string,
  id: number,
  num: number,
): Promise<{ machine: machines.MachineType; amount: bigint; power: number }> {
  await requireMember(db, address);
  const [machine] = await machines.types(db, lang, id);
  if (!machine) throw reject("machineNotFound");
  if (num <= 0) throw reject("quantityTooSmall");
  if (num > machine.maxPerOrder) throw reject("amountExceedsMax", { max: machine.maxPerOrder });
  return { machine, amount: BigInt(machine.price) * BigInt(num), power: machine.power * num };
}

export async function nodeQuote(
  db: Queryable,
  lang: Lang,
  address: string,
  id: number,
): Promise<{ node: nodes.NodeLevel; amount: bigint }> {
  await requireMember(db, address);
  const [node] = await nodes.levels(db, lang, id);
  if (!node) throw reject("nodeNotFound");
  if (await nodes.isHeldBy(db, address)) throw reject("nodeAlreadyOwned");
  if (node.remaining <= 0) throw reject("nodeSoldOut");
  return { node, amount: BigInt(node.price) };
}
