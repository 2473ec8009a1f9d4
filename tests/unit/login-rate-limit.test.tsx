/** @jest-environment jsdom */
// The sign-in form shows the rate limit's message: next-auth's own signIn() reads the error from
// the `url` of the 429 answer (lib/auth/sign-in-limit.ts), end to end through the real client.
import { fireEvent, render, screen } from "@testing-library/react";
import { LoginForm } from "@/components/auth/login-form";
import { TEXTS } from "@/lib/texts";

jest.mock("next/navigation", () => ({ useRouter: () => ({ replace: jest.fn(), refresh: jest.fn() }), useSearchParams: () => new URLSearchParams() }));

// jsdom has no fetch Response: the little that next-auth's client reads.
const json = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body, headers: new Map([["content-type", "application/json"]]) });

beforeEach(() => {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith("/api/auth/providers"))
      return json({ credentials: { id: "credentials", name: "Email", type: "credentials", signinUrl: "/api/auth/signin/credentials", callbackUrl: "/api/auth/callback/credentials" } });
    if (url.endsWith("/api/auth/csrf")) return json({ csrfToken: "csrf" });
    if (url.includes("/api/auth/callback/credentials")) return json({ message: TEXTS.tooManyAttempts, url: `http://localhost/login?error=${encodeURIComponent(TEXTS.tooManyAttempts)}` }, 429);
    return json({});
  }) as unknown as typeof fetch;
});

it("shows 'Too many attempts' when the sign-in answers 429", async () => {
  render(<LoginForm role="admin" forgotPasswordText={TEXTS.forgotPassword} />);
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@example.test" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "whatever-123" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByTestId("form-error")).toHaveTextContent(TEXTS.tooManyAttempts);
});
