/** @jest-environment jsdom */
// The checkout page without a payment provider (#17.4): it says payments are not configured and
// offers nothing to click (app/(app)/checkout/page.tsx passes the text when paymentProvider() is null).
import { render, screen } from "@testing-library/react";
import { CheckoutOptions } from "@/components/checkout/checkout-options";
import { ConfirmProvider } from "@/components/ui/confirm";
import { TEXTS } from "@/lib/texts";

it("shows that payments are not configured and disables every purchase", () => {
  render(
    <ConfirmProvider>
      <CheckoutOptions userId="u1" email="a@b.c" currentPlan="NO_PLAN" unavailable={TEXTS.paymentsNotConfigured} />
    </ConfirmProvider>,
  );
  expect(screen.getByRole("alert")).toHaveTextContent(TEXTS.paymentsNotConfigured);
  const buttons = screen.getAllByRole("button");
  expect(buttons.length).toBeGreaterThanOrEqual(6);
  for (const b of buttons) expect(b).toBeDisabled();
});

it("says nothing of it when a provider sells", () => {
  render(
    <ConfirmProvider>
      <CheckoutOptions userId="u1" email="a@b.c" currentPlan="NO_PLAN" />
    </ConfirmProvider>,
  );
  expect(screen.queryByRole("alert")).toBeNull();
});
