/** `npm run bench:rpc`: only the RPC section of `npm run bench` (about 2 min), printed, not written. */
import { requireSystem } from "../check-system.ts";
import { FIRST_WINDOW_MS, RPC_TABLE_COLUMNS, STEADY_WINDOW_MS, measureRpc } from "./rpc.ts";

requireSystem();
console.log(
  `RPC: requests to the chain endpoint per page view, first ${FIRST_WINDOW_MS / 1000} s after navigation, ` +
    `then the next ${STEADY_WINDOW_MS / 1000} s; Multicall3 batching on and off (two builds)`,
);
const rows = await measureRpc();
console.table(rows, [...RPC_TABLE_COLUMNS]);
for (const row of rows)
  console.log(
    `${row.page} ${row.multicall}: first ${row.firstMethods || "-"}; steady ${row.steadyMethods || "-"}`,
  );
