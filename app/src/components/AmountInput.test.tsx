import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { parseEther } from "viem";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../i18n";
import type { AmountRules } from "../lib/amount";
import { AmountInput } from "./AmountInput";

function Harness({ rules, maxText }: { rules?: AmountRules; maxText?: string }) {
  const [value, setValue] = useState("");
  return <AmountInput label="Amount" value={value} onChange={setValue} rules={rules} maxText={maxText} />;
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

describe("AmountInput", () => {
  it("is labelled and shows no error until something is typed", () => {
    render(<Harness />);
    expect(screen.getByLabelText("Amount")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the spec's messages and marks the field invalid", () => {
    render(<Harness rules={{ max: parseEther("50"), balance: parseEther("20") }} />);
    const input = screen.getByLabelText("Amount");
    fireEvent.change(input, { target: { value: "0" } });
    expect(screen.getByRole("alert").textContent).toBe("Quantity must be greater than 0");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input, { target: { value: "51" } });
    expect(screen.getByRole("alert").textContent).toBe("The amount exceeds the maximum");
    fireEvent.change(input, { target: { value: "21" } });
    expect(screen.getByRole("alert").textContent).toBe("Insufficient balance");
    fireEvent.change(input, { target: { value: "19,5" } }); // a decimal comma becomes a point
    expect((input as HTMLInputElement).value).toBe("19.5");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBe("false");
  });

  it("fills the maximum with the Max button", () => {
    render(<Harness maxText="20" />);
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("20");
  });
});
