/**
 * The money code under mutation testing, one module at a time: the source Stryker mutates and the test files
 * that must kill its mutants (paths relative to the workspace).
 */
export type Module = { name: string; mutate: string[]; tests: string[] };
export type Workspace = "server" | "app";

export const MODULES: Record<Workspace, Module[]> = {
  server: [
    {
      name: "payments",
      mutate: ["src/lib/payments.ts"],
      tests: ["test/payments.test.ts", "test/attack-payment-proofs.test.ts"],
    },
    { name: "withdrawals", mutate: ["src/lib/withdrawals.ts"], tests: ["test/withdrawals.test.ts"] },
    {
      name: "settlement",
      mutate: ["src/jobs/settlement.ts"],
      tests: ["test/booking.test.ts", "test/invest.test.ts"],
    },
    { name: "auth", mutate: ["src/lib/auth.ts"], tests: ["test/attack-api2-authentication.test.ts"] },
    { name: "rateLimit", mutate: ["src/plugins/rateLimit.ts"], tests: ["test/rateLimit.test.ts"] },
    { name: "bulkhead", mutate: ["src/lib/bulkhead.ts"], tests: ["test/bulkhead.test.ts"] },
  ],
  app: [
    ...["ido", "invites", "mine", "stakes", "swap", "team"].map((feature) => ({
      name: feature,
      mutate: [`src/features/${feature}/logic.ts`],
      tests: [`src/features/${feature}/logic.test.ts`],
    })),
    { name: "tx", mutate: ["src/lib/tx.ts"], tests: ["src/lib/tx.test.ts"] },
  ],
};
