import { describe, expect, it } from "vitest";
import {
  type Host,
  SystemCheckError,
  chromiumPath,
  ensurePostgres,
  ensureSystem,
  family,
  postgresBin,
} from "./check-system.ts";

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU = "ID=ubuntu\nID_LIKE=debian\n";
const FEDORA = "ID=fedora\n";

const PG_PROGRAMS = ["initdb", "pg_ctl"];
const debianPostgres = (version: string) =>
  PG_PROGRAMS.map((program) => `/usr/lib/postgresql/${version}/bin/${program}`);

/** A machine with the given files and font; `run` records commands and, like apt, adds what it installs. */
function host(options: {
  osRelease?: string;
  platform?: NodeJS.Platform;
  files?: string[];
  font?: boolean;
  isRoot?: boolean;
  sudo?: boolean;
  env?: NodeJS.ProcessEnv;
  aptFails?: boolean;
}) {
  const files = new Set(options.files ?? []);
  let font = options.font ?? false;
  const commands: string[] = [];
  const logs: string[] = [];
  const fake: Host = {
    platform: options.platform ?? "linux",
    osRelease: options.osRelease ?? DEBIAN,
    env: options.env ?? {},
    isRoot: options.isRoot ?? false,
    exists: (path) => files.has(path),
    list: (path) => [
      ...new Set(
        [...files]
          .filter((file) => file.startsWith(`${path}/`))
          .map((file) => file.slice(path.length + 1).split("/")[0]!),
      ),
    ],
    sudoWithoutPrompt: () => options.sudo ?? false,
    hasCjkFont: () => font,
    run: (command, args) => {
      commands.push([command, ...args].join(" "));
      if (options.aptFails) return 100;
      if (args.includes("chromium")) files.add("/usr/bin/chromium");
      if (args.includes("fonts-noto-cjk")) font = true;
      if (args.includes("postgresql"))
        for (const program of PG_PROGRAMS) files.add(`/usr/lib/postgresql/15/bin/${program}`);
      return 0;
    },
    log: (line) => logs.push(line),
  };
  return { fake, commands, logs };
}

describe("ensureSystem", () => {
  it("changes nothing on a machine that has Chromium and a CJK font", () => {
    const { fake, commands } = host({ files: ["/usr/bin/chromium"], font: true, isRoot: true });
    expect(ensureSystem(fake)).toEqual({ chromium: "/usr/bin/chromium" });
    expect(commands).toEqual([]);
  });

  it("with a missing CHROMIUM_PATH and no way to install, stops with the apt command and the alternative", () => {
    const { fake, commands } = host({ env: { CHROMIUM_PATH: "/opt/missing/chromium" }, font: true });
    expect(() => ensureSystem(fake)).toThrow(SystemCheckError);
    try {
      ensureSystem(fake);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("sudo apt-get update && sudo apt-get install -y chromium");
      expect(message).toContain("CHROMIUM_PATH=/opt/missing/chromium does not exist");
      expect(message).toContain("set CHROMIUM_PATH");
    }
    expect(commands).toEqual([]);
  });

  it("as root on Debian, installs Chromium and the font with apt, says why once, and returns the browser", () => {
    const { fake, commands, logs } = host({ env: { CHROMIUM_PATH: "/opt/missing/chromium" }, isRoot: true });
    expect(ensureSystem(fake)).toEqual({ chromium: "/usr/bin/chromium" });
    expect(commands).toEqual([
      "apt-get update -qq",
      "apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk",
    ]);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/^Installing Chromium \(chromium\): the browser journeys/);
    expect(logs[1]).toMatch(/^Installing a CJK font \(fonts-noto-cjk\)/);
  });

  it("with passwordless sudo on Ubuntu, installs through sudo -n", () => {
    const { fake, commands } = host({ osRelease: UBUNTU, sudo: true, files: ["/usr/bin/chromium"] });
    ensureSystem(fake);
    expect(commands).toEqual([
      "sudo -n apt-get update -qq",
      "sudo -n apt-get install -y -qq --no-install-recommends fonts-noto-cjk",
    ]);
  });

  it("SYSTEM_INSTALL=0 forbids installing even as root", () => {
    const { fake, commands } = host({ isRoot: true, env: { SYSTEM_INSTALL: "0" } });
    expect(() => ensureSystem(fake)).toThrow(/apt-get install -y chromium fonts-noto-cjk/);
    expect(commands).toEqual([]);
  });

  it("a failing apt stops the run instead of skipping the browser suites", () => {
    const { fake } = host({ isRoot: true, aptFails: true });
    expect(() => ensureSystem(fake)).toThrow(/could not install chromium fonts-noto-cjk/);
  });

  it("on Fedora, only tells the dnf command", () => {
    const { fake, commands } = host({ osRelease: FEDORA, isRoot: true });
    expect(() => ensureSystem(fake)).toThrow(/sudo dnf install -y chromium google-noto-sans-cjk-fonts/);
    expect(commands).toEqual([]);
  });

  it("on macOS, asks only for Chromium through Homebrew (the system has CJK fonts)", () => {
    const { fake } = host({ platform: "darwin", osRelease: "" });
    expect(() => ensureSystem(fake)).toThrow(/brew install --cask chromium\n/);
    const installed = host({
      platform: "darwin",
      files: ["/Applications/Chromium.app/Contents/MacOS/Chromium"],
    });
    expect(ensureSystem(installed.fake).chromium).toBe("/Applications/Chromium.app/Contents/MacOS/Chromium");
  });
});

describe("chromiumPath", () => {
  it("prefers an existing CHROMIUM_PATH, then the installed candidates", () => {
    const exists = (path: string) => path === "/usr/bin/chromium-browser" || path === "/custom/chrome";
    expect(chromiumPath({ CHROMIUM_PATH: "/custom/chrome" }, exists)).toBe("/custom/chrome");
    expect(chromiumPath({ CHROMIUM_PATH: "/missing" }, exists)).toBe("/usr/bin/chromium-browser");
    expect(chromiumPath({}, () => false)).toBe("/usr/bin/chromium");
  });
});

describe("family", () => {
  it("reads ID and ID_LIKE", () => {
    expect(family("linux", DEBIAN)).toBe("debian");
    expect(family("linux", UBUNTU)).toBe("debian");
    expect(family("linux", 'ID="rocky"\nID_LIKE="rhel centos fedora"\n')).toBe("fedora");
    expect(family("linux", "ID=alpine\n")).toBe("other");
  });
});

describe("postgresBin", () => {
  const find = (files: string[], env: NodeJS.ProcessEnv = {}) => postgresBin(host({ files, env }).fake);

  it("prefers POSTGRES_BIN, then Debian's newest version, then the PATH", () => {
    const debian = [...debianPostgres("9"), ...debianPostgres("15"), ...debianPostgres("16")];
    expect(find(debian)).toBe("/usr/lib/postgresql/16/bin");
    expect(find([...debian, "/opt/pg/initdb", "/opt/pg/pg_ctl"], { POSTGRES_BIN: "/opt/pg" })).toBe(
      "/opt/pg",
    );
    expect(find(["/usr/bin/initdb", "/usr/bin/pg_ctl"], { PATH: "/usr/local/bin:/usr/bin" })).toBe(
      "/usr/bin",
    );
  });

  it("needs both initdb and pg_ctl (Debian's client package has neither)", () => {
    expect(find(["/usr/lib/postgresql/15/bin/initdb"])).toBeNull();
    expect(find([], { PATH: "/usr/bin" })).toBeNull();
  });
});

describe("ensurePostgres", () => {
  it("uses the programs there, installing nothing", () => {
    const { fake, commands } = host({ files: debianPostgres("15"), isRoot: true });
    expect(ensurePostgres(fake)).toEqual({ bin: "/usr/lib/postgresql/15/bin" });
    expect(commands).toEqual([]);
  });

  it("as root on Debian, installs postgresql with apt and says why", () => {
    const { fake, commands, logs } = host({ isRoot: true });
    expect(ensurePostgres(fake)).toEqual({ bin: "/usr/lib/postgresql/15/bin" });
    expect(commands).toEqual([
      "apt-get update -qq",
      "apt-get install -y -qq --no-install-recommends postgresql",
    ]);
    expect(logs).toEqual([
      expect.stringMatching(/^Installing PostgreSQL \(postgresql\): the server suite runs/),
    ]);
  });

  it("without a way to install, answers why the PostgreSQL tests are skipped, with the command", () => {
    const { fake, commands } = host({ osRelease: FEDORA });
    const found = ensurePostgres(fake);
    expect(found).toEqual({ missing: expect.stringContaining("sudo dnf install -y postgresql-server") });
    expect(commands).toEqual([]);
    expect(ensurePostgres(host({ isRoot: true, env: { SYSTEM_INSTALL: "0" } }).fake)).toEqual({
      missing: expect.stringContaining("sudo apt-get update && sudo apt-get install -y postgresql"),
    });
  });

  it("under CI=true, a missing PostgreSQL stops the run instead of skipping its tests", () => {
    const { fake } = host({ env: { CI: "true" } });
    expect(() => ensurePostgres(fake)).toThrow(SystemCheckError);
    expect(() => ensurePostgres(fake)).toThrow(/^CI=true: no PostgreSQL server programs/);
  });
});
