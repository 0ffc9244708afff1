import { describe, expect, it } from "vitest";
import { type Host, SystemCheckError, chromiumPath, ensureSystem, family } from "./check-system.ts";

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU = "ID=ubuntu\nID_LIKE=debian\n";
const FEDORA = "ID=fedora\n";

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
    sudoWithoutPrompt: () => options.sudo ?? false,
    hasCjkFont: () => font,
    run: (command, args) => {
      commands.push([command, ...args].join(" "));
      if (options.aptFails) return 100;
      if (args.includes("chromium")) files.add("/usr/bin/chromium");
      if (args.includes("fonts-noto-cjk")) font = true;
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
