/** TLS to a managed PostgreSQL whose certificate a provider's private CA signed (docs/operations.md). */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { withRootCert } from "../src/db/postgres.ts";

const CA = "-----BEGIN CERTIFICATE-----\nprovider's private CA\n-----END CERTIFICATE-----\n";

/** The TLS options `pg` connects with for `url` (read from its parsed parameters; nothing connects). */
function tlsOf(url: string) {
  return (new pg.Client({ connectionString: url }) as unknown as { ssl: unknown }).ssl as
    { ca?: string; rejectUnauthorized?: boolean; checkServerIdentity?: unknown } | false | undefined;
}

describe("PostgreSQL TLS with a provider's CA", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pg-ca-"));
  const caFile = path.join(dir, "db ca.pem");
  writeFileSync(caFile, CA);

  it("PGSSLROOTCERT makes pg verify the server's certificate and host name against that CA", () => {
    const tls = tlsOf(
      withRootCert("postgres://api:secret@db.internal:5432/taichi?sslmode=verify-full", caFile),
    );
    expect(tls).toMatchObject({ ca: CA });
    // verified: neither the chain check nor the host-name check is turned off
    expect(tls && tls.rejectUnauthorized).not.toBe(false);
    expect(tls && tls.checkServerIdentity).toBeUndefined();
    // without the CA, `verify-full` checks against the system's public CAs only (and fails on a private one)
    expect(tlsOf("postgres://api:secret@db.internal:5432/taichi?sslmode=verify-full")).not.toHaveProperty(
      "ca",
    );
  });

  it("an sslrootcert in DATABASE_URL wins, and a URL without TLS settings gets verification from the CA alone", () => {
    const inUrl = `postgres://api:secret@db.internal/taichi?sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`;
    expect(withRootCert(inUrl, "/elsewhere/ca.pem")).toBe(inUrl);
    expect(tlsOf(withRootCert("postgres://api:secret@db.internal/taichi", caFile))).toMatchObject({ ca: CA });
    expect(withRootCert("postgres://api:secret@db.internal/taichi", undefined)).toBe(
      "postgres://api:secret@db.internal/taichi",
    );
  });
});
