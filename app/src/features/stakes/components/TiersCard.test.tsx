import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, it } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { TIER_COUNT } from "../logic";
import { TiersCard } from "./TiersCard";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["stakes"]);
});
afterEach(cleanup);

it("before the chain answered, reserves every tier's rows with their labels, as one Loading... status", () => {
  render(<TiersCard tiers={undefined} isError={false} />);
  const status = screen.getByRole("status", { name: "Loading..." });
  expect(status.querySelectorAll("li")).toHaveLength(TIER_COUNT);
  expect(status.textContent).toContain("Daily rate");
  expect(screen.queryAllByRole("listitem")).toHaveLength(0); // the shapes are hidden from screen readers
});

it("a failed read is the error with a retry instead", () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TiersCard tiers={undefined} isError />
    </QueryClientProvider>,
  );
  expect(screen.queryByRole("status", { name: "Loading..." })).toBeNull();
  expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
});
