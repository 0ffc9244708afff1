import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("defaults to local anvil", () => {
    expect(parseEnv({})).toEqual({
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8545",
      managerAddresses: [],
      apiBase: "/api/api/invest",
      idoProofDeadline: undefined,
      multicall: true,
      logRange: undefined,
      indexerUrl: undefined,
      walletConnectProjectId: undefined,
      watchUrl: undefined,
      explorerUrl: undefined,
    });
  });

  it("reads where to get notified of Timelock changes, an http(s) URL", () => {
    expect(parseEnv({ VITE_WATCH_URL: " https://t.me/taichi_governance " }).watchUrl).toBe(
      "https://t.me/taichi_governance",
    );
    expect(() => parseEnv({ VITE_WATCH_URL: "t.me/taichi_governance" })).toThrow(EnvError);
  });

  it("reads a configured block explorer without a trailing slash; anything but http(s) throws", () => {
    expect(parseEnv({ VITE_EXPLORER_URL: "http://127.0.0.1:5100/" }).explorerUrl).toBe(
      "http://127.0.0.1:5100",
    );
    expect(() => parseEnv({ VITE_EXPLORER_URL: "bscscan.com" })).toThrow(EnvError);
  });

  it("turns WalletConnect on with a 32-character hexadecimal project id; anything else throws", () => {
    const id = "c4f79cc821944d9680842e34466bfbd9";
    expect(parseEnv({ VITE_WALLETCONNECT_PROJECT_ID: ` ${id} ` }).walletConnectProjectId).toBe(id);
    expect(parseEnv({ VITE_WALLETCONNECT_PROJECT_ID: "" }).walletConnectProjectId).toBeUndefined();
    expect(() => parseEnv({ VITE_WALLETCONNECT_PROJECT_ID: "my-project" })).toThrow(EnvError);
  });

  it("reads the indexer's URL without a trailing slash; anything but http(s) throws", () => {
    expect(parseEnv({ VITE_INDEXER_URL: "http://127.0.0.1:42069/" }).indexerUrl).toBe(
      "http://127.0.0.1:42069",
    );
    expect(parseEnv({ VITE_INDEXER_URL: "https://idx.example/taichi" }).indexerUrl).toBe(
      "https://idx.example/taichi",
    );
    expect(() => parseEnv({ VITE_INDEXER_URL: "127.0.0.1:42069" })).toThrow(EnvError);
  });

  it("reads the eth_getLogs block range, a positive whole number", () => {
    expect(parseEnv({ VITE_LOG_RANGE: "50000" }).logRange).toBe(50_000n);
    expect(() => parseEnv({ VITE_LOG_RANGE: "0" })).toThrow(EnvError);
    expect(() => parseEnv({ VITE_LOG_RANGE: "5e3" })).toThrow(EnvError);
  });

  it("batches reads through Multicall3 unless VITE_RPC_MULTICALL=off; anything else throws", () => {
    expect(parseEnv({ VITE_RPC_MULTICALL: "on" }).multicall).toBe(true);
    expect(parseEnv({ VITE_RPC_MULTICALL: "off" }).multicall).toBe(false);
    expect(parseEnv({ VITE_RPC_MULTICALL: " OFF " }).multicall).toBe(false);
    expect(() => parseEnv({ VITE_RPC_MULTICALL: "no" })).toThrow(EnvError);
  });

  it("reads the presale payment-proof deadline, 'none' hides it, a bad date throws", () => {
    expect(parseEnv({ VITE_IDO_PROOF_DEADLINE: "2025-07-15" }).idoProofDeadline).toBe("2025-07-15");
    expect(parseEnv({ VITE_IDO_PROOF_DEADLINE: "none" }).idoProofDeadline).toBeUndefined();
    expect(() => parseEnv({ VITE_IDO_PROOF_DEADLINE: "30/06/2025" })).toThrow(EnvError);
  });

  it("reads the backend base path, without a trailing slash", () => {
    expect(parseEnv({ VITE_API_BASE: "https://api.example/api/api/invest/" }).apiBase).toBe(
      "https://api.example/api/api/invest",
    );
  });

  it("reads BSC chains, their default RPC, and the manager list (checksummed, blanks skipped)", () => {
    const env = parseEnv({
      VITE_CHAIN_ID: "56",
      VITE_MANAGER_ADDRESSES:
        " 0x70997970c51812dc3a010c7d01b50e0d17dc79c8, ,0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    });
    expect(env.chainId).toBe(56);
    expect(env.rpcUrl).toBeUndefined();
    expect(env.managerAddresses).toEqual([
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    ]);
    expect(parseEnv({ VITE_CHAIN_ID: "97", VITE_RPC_URL: "https://rpc.example" }).rpcUrl).toBe(
      "https://rpc.example",
    );
  });

  it("rejects unsupported chains and bad addresses loudly", () => {
    expect(() => parseEnv({ VITE_CHAIN_ID: "1" })).toThrow(EnvError);
    expect(() => parseEnv({ VITE_MANAGER_ADDRESSES: "0x123" })).toThrow(EnvError);
  });
});
