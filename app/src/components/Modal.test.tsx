import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../i18n";
import { Modal } from "./Modal";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Modal title="Dialog" onClose={() => setOpen(false)}>
          <input aria-label="field" />
          <button type="button">ok</button>
        </Modal>
      )}
    </>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

describe("Modal keyboard use", () => {
  it("moves focus in, keeps Tab inside, closes on Escape and gives focus back", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "open" });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole("dialog", { name: "Dialog" });
    const field = screen.getByLabelText("field");
    const close = screen.getByRole("button", { name: "Close" });
    const ok = screen.getByRole("button", { name: "ok" });
    expect(document.activeElement).toBe(field); // the first field, not the close button

    ok.focus();
    fireEvent.keyDown(ok, { key: "Tab" });
    expect(document.activeElement).toBe(close); // wraps from the last to the first
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(ok); // and back

    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
