import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type Address, zeroAddress } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WagmiProvider } from "wagmi";
import { i18n } from "../../../i18n";
import { useAppStore } from "../../../app/store";
import { config } from "../../../app/wagmi";
import { type PresaleUser, readPresaleUser } from "../chain";
import { RegisterDialog } from "./RegisterDialog";

// The one thing mocked: the chain read of the referrer.
vi.mock("../chain", () => ({ readPresaleUser: vi.fn() }));
const readUser = vi.mocked(readPresaleUser);

const account: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const referrer: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const user = (index: bigint, refer: Address = zeroAddress): PresaleUser => ({
  index,
  refer,
  invites: 0n,
  registeredAt: 0n,
});

function renderDialog(onRegister = vi.fn(async () => undefined)) {
  render(
    <WagmiProvider config={config} reconnectOnMount={false}>
      <RegisterDialog account={account} onRegister={onRegister} />
    </WagmiProvider>,
  );
  return { onRegister, input: screen.getByPlaceholderText("Please enter the recommended address") };
}

async function submit(value: string) {
  fireEvent.change(screen.getByPlaceholderText("Please enter the recommended address"), {
    target: { value },
  });
  fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
}

describe("RegisterDialog", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
    useAppStore.setState({ inviteCode: zeroAddress });
    readUser.mockReset();
  });
  afterEach(cleanup);

  it("is a dialog named by its title, with an empty input when there is no invite code", () => {
    const { input } = renderDialog();
    expect(screen.getByRole("dialog", { name: "Register binding" })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("prefills the invite code from the invitation link", () => {
    useAppStore.setState({ inviteCode: referrer });
    const { input } = renderDialog();
    expect((input as HTMLInputElement).value).toBe(referrer);
  });

  it("asks to come back through the invitation link when the referrer is empty or zero", async () => {
    const { onRegister } = renderDialog();
    await submit("");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please visit again through the invitation link",
    );
    await submit(zeroAddress);
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Please visit again through the invitation link"),
    );
    expect(readUser).not.toHaveBeenCalled();
    expect(onRegister).not.toHaveBeenCalled();
  });

  it("rejects a string that is not an address", async () => {
    renderDialog();
    await submit("0x1234");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The recommended address is not a valid address",
    );
    expect(readUser).not.toHaveBeenCalled();
  });

  it("rejects the member's own address", async () => {
    renderDialog();
    await submit(account.toLowerCase());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You cannot use your own address as the referrer",
    );
  });

  it("rejects an unregistered referrer (index 0) with the spec's message", async () => {
    readUser.mockResolvedValue(user(0n));
    const { onRegister } = renderDialog();
    await submit(referrer);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The recommended address is not registered, please enter a valid recommended address",
    );
    expect(readUser).toHaveBeenCalledWith(expect.anything(), referrer);
    expect(onRegister).not.toHaveBeenCalled();
  });

  it("rejects a referrer who is the member's own direct referral", async () => {
    readUser.mockResolvedValue(user(5n, account));
    const { onRegister } = renderDialog();
    await submit(referrer);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The referrer cannot be your own direct referral",
    );
    expect(onRegister).not.toHaveBeenCalled();
  });

  it("shows a parsed message, not the raw error, when the read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    readUser.mockRejectedValue(new TypeError("Failed to fetch"));
    renderDialog();
    await submit(referrer);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Network error, please check your connection and try again",
    );
  });

  it("registers with the checksummed referrer once every check passes", async () => {
    readUser.mockResolvedValue(user(1n));
    const { onRegister } = renderDialog();
    await submit(referrer.toLowerCase());
    await waitFor(() => expect(onRegister).toHaveBeenCalledWith(referrer));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("renders the Chinese texts", async () => {
    await i18n.changeLanguage("zh");
    render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <RegisterDialog account={account} onRegister={vi.fn()} />
      </WagmiProvider>,
    );
    expect(screen.getByRole("dialog", { name: "注册绑定" })).toBeTruthy();
    expect(screen.getByPlaceholderText("请输入推荐地址")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "确认" }));
    expect((await screen.findByRole("alert")).textContent).toBe("请通过邀请链接重新访问");
  });
});
