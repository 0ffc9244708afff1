/** Shared checks of the buy routes: what is bought, what it costs, where to pay. */
import type { PaymentDue } from "@taichi/api";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../../db/index.ts";
import type { Lang } from "../../i18n/messages.ts";
import { reject } from "../../lib/api.ts";
import { requireMember } from "../../lib/members.ts";
import { machineTypes, nodeLevels, type MachineType, type NodeLevel } from "./catalogue.ts";

export type PayTo = PaymentDue;

export async function payTo(app: FastifyInstance, amount: bigint): Promise<PayTo> {
  return {
    amount: amount.toString(),
    token: await app.paymentTarget.token(),
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
): Promise<{ machine: MachineType; amount: bigint; power: number }> {
  await requireMember(db, address);
  const [machine] = await machineTypes(db, lang, id);
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
): Promise<{ node: NodeLevel; amount: bigint }> {
  await requireMember(db, address);
  const [node] = await nodeLevels(db, lang, id);
  if (!node) throw reject("nodeNotFound");
  const { rows } = await db.query("SELECT 1 FROM member_nodes WHERE address = $1", [address.toLowerCase()]);
  if (rows.length > 0) throw reject("nodeAlreadyOwned");
  if (node.remaining <= 0) throw reject("nodeSoldOut");
  return { node, amount: BigInt(node.price) };
}
