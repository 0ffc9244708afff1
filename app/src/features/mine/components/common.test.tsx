import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { ProductsPlaceholder, QueryBody } from "./common";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["mine"]);
});
afterEach(cleanup);

/** Two cards of /mine, each with its own backend read. */
function Cards({ account, machines }: { account: () => Promise<string>; machines: () => Promise<string> }) {
  const my = useQuery({ queryKey: ["my"], queryFn: account, retry: false });
  const log = useQuery({ queryKey: ["buyMachineLog"], queryFn: machines, retry: false });
  return (
    <>
      <section aria-label="My account">
        <QueryBody query={my}>{(data) => <p>{data}</p>}</QueryBody>
      </section>
      <section aria-label="My machines">
        <QueryBody query={log}>{(data) => <p>{data}</p>}</QueryBody>
      </section>
    </>
  );
}

it("after the API was down, Try again on one card reads every failed card again", async () => {
  const down = new Error("Failed to fetch");
  const account = vi.fn().mockRejectedValueOnce(down).mockResolvedValue("100 USDT");
  const machines = vi.fn().mockRejectedValueOnce(down).mockResolvedValue("Taichi Shaoyang × 1");
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Cards account={account} machines={machines} />
    </QueryClientProvider>,
  );
  const buttons = await screen.findAllByRole("button", { name: "Try again" });
  expect(buttons).toHaveLength(2);

  fireEvent.click(buttons[0]!);
  expect(await screen.findByText("100 USDT")).toBeTruthy();
  expect(await screen.findByText("Taichi Shaoyang × 1")).toBeTruthy();
  expect(screen.queryByRole("alert")).toBeNull();
  expect(machines).toHaveBeenCalledTimes(2);
});

it("before the backend answered, a product list is `count` items with their buttons off, as one Loading... status", () => {
  render(<ProductsPlaceholder count={3} />);
  const status = screen.getByRole("status", { name: "Loading..." });
  expect(status.querySelectorAll("li")).toHaveLength(3);
  expect([...status.querySelectorAll("button")].every((button) => button.disabled)).toBe(true);
  expect(screen.queryAllByRole("button")).toHaveLength(0); // the shapes are hidden from screen readers
});
