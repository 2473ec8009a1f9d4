/** @jest-environment jsdom */
// Account → API's panel (components/account/api-keys.tsx) without a server: the list says "Never
// used" or when and from where a key was last used, a revoked key has no Revoke button, each scope's
// checkbox is labelled and explained, and the form refuses a key without a name or scopes before
// sending anything.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { ApiKeys } from "@/components/account/api-keys";
import { ConfirmProvider } from "@/components/ui/confirm";
import { API_SCOPES } from "@/lib/services/platform/rules/api-scopes";
import { TEXTS } from "@/lib/texts";
import type { ApiKeyView } from "@/lib/contract/integrations";

const T = TEXTS.apiKeys;
const key = (over: Partial<ApiKeyView>): ApiKeyView => ({
  id: "k1",
  name: "CRM",
  prefix: "vf_key_ab12cd34",
  scopes: ["read"],
  createdAt: "2026-11-27T10:00:00.000Z",
  lastUsedAt: null,
  lastUsedAddress: null,
  revokedAt: null,
  ...over,
});

const panel = (keys: ApiKeyView[]) =>
  render(
    <ConfirmProvider>
      <ApiKeys initial={keys} />
    </ConfirmProvider>,
  );

it("lists keys: never used, last used with its address, revoked", () => {
  panel([
    key({ id: "a", name: "Fresh" }),
    key({ id: "b", name: "Busy", scopes: ["uploads", "insights"], lastUsedAt: "2026-11-27T11:00:00.000Z", lastUsedAddress: "203.0.113.7" }),
    key({ id: "c", name: "Old", revokedAt: "2026-11-27T12:00:00.000Z" }),
  ]);
  const rows = screen.getAllByTestId("api-key-row");
  expect(rows).toHaveLength(3);
  expect(rows[0]).toHaveTextContent(T.neverUsed);
  expect(rows[0]).toHaveTextContent("vf_key_ab12cd34…");
  expect(within(rows[0]).getByRole("button", { name: `${T.revoke} Fresh` })).toBeInTheDocument();
  expect(rows[1]).toHaveTextContent("uploads, insights");
  expect(rows[1]).toHaveTextContent("203.0.113.7");
  expect(rows[1]).not.toHaveTextContent(T.neverUsed);
  expect(rows[2]).toHaveTextContent(T.revokedOn);
  expect(within(rows[2]).queryByRole("button")).toBeNull();
});

it("labels and explains every scope, and refuses a key without a name or scopes before sending", () => {
  const fetchSpy = jest.fn();
  global.fetch = fetchSpy;
  panel([]);
  expect(screen.getByText(T.none)).toBeInTheDocument();
  for (const scope of API_SCOPES) {
    const box = screen.getByRole("checkbox", { name: scope });
    expect(box).toHaveAccessibleDescription(T.scopeHelp[scope]);
  }
  fireEvent.click(screen.getByRole("button", { name: T.create }));
  expect(screen.getByRole("alert")).toHaveTextContent(T.nameRequired);
  fireEvent.change(screen.getByLabelText(T.name), { target: { value: "Render queue" } });
  fireEvent.click(screen.getByRole("checkbox", { name: "read" }));
  fireEvent.click(screen.getByRole("button", { name: T.create }));
  expect(screen.getByRole("alert")).toHaveTextContent(T.scopeRequired);
  expect(fetchSpy).not.toHaveBeenCalled();
});
