/** @jest-environment jsdom */
// The super admin's panel warns while payments are not configured (issue 39 item 4); the page asks
// lib/payments paymentsConfigured (tests/integration/starter-allowance.test.ts covers that decision).
import { render, screen } from "@testing-library/react";
import { SuperadminShell } from "@/components/admin/superadmin-shell";
import { TEXTS } from "@/lib/texts";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => "/" }));

const shell = (paymentsOff: boolean) => (
  <SuperadminShell current="/vidfolio-superadmin/clientdata" title="Clients" intro="Intro" paymentsOff={paymentsOff}>
    <p>Table</p>
  </SuperadminShell>
);

describe("SuperadminShell's payments warning", () => {
  it("shows a clear alert naming what to set while payments are not configured", () => {
    render(shell(true));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(TEXTS.paymentsWarning.title);
    expect(alert).toHaveTextContent("STRIPE_SECRET_KEY");
  });

  it("shows nothing when payments are configured", () => {
    render(shell(false));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(TEXTS.paymentsWarning.title)).toBeNull();
  });
});
