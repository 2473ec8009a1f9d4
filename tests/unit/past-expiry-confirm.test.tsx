/** @jest-environment jsdom */
// Issue 57 item 6: in the editor, saving an expiry already past asks first (it closes the gallery
// at once: the door takes it, as documented); Cancel saves nothing, confirming saves it; a future
// expiry is saved without asking.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AccessPanel } from "@/components/studio/editor/access-panel";
import { ConfirmProvider } from "@/components/ui/confirm";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";

const apiCall = jest.fn();
jest.mock("@/lib/browser/api-client", () => ({ ...jest.requireActual("@/lib/browser/api-client"), apiCall: (...a: unknown[]) => apiCall(...a) }));
jest.mock("@/components/studio/editor/editor-context", () => ({ useEditor: () => ({ setGallery: () => {} }) }));
jest.mock("sonner", () => ({ toast: { success: () => {} } }));

const ACCESS = { hasPassword: false, hasDownloadPin: false, expiresAt: null, audience: "link" as const };
const local = (ms: number) => {
  const d = new Date(Date.now() + ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};
const saves = () => apiCall.mock.calls.filter(([door]) => door === doors.galleries.setAccess);

async function panelWithExpiry(value: string) {
  apiCall.mockReset();
  apiCall.mockImplementation(async (door: unknown, input: { body?: { expiresAt?: string } }) =>
    door === doors.galleries.setAccess ? { access: { ...ACCESS, expiresAt: input.body?.expiresAt ?? null } } : { access: ACCESS },
  );
  render(
    <ConfirmProvider>
      <AccessPanel galleryId="g1" />
    </ConfirmProvider>,
  );
  const input = screen.getByLabelText(/expires/i);
  await waitFor(() => expect(input).not.toBeDisabled());
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save expiry" }));
  });
}

describe("an expiry in the past", () => {
  it("asks first; Cancel saves nothing", async () => {
    await panelWithExpiry(local(-2 * 24 * 3600_000));
    expect(await screen.findByText(TEXTS.access.pastExpiryTitle)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    expect(saves()).toHaveLength(0);
  });

  it("confirmed, it is saved (the gallery closes at once)", async () => {
    await panelWithExpiry(local(-2 * 24 * 3600_000));
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: TEXTS.access.pastExpiryConfirm }));
    });
    await waitFor(() => expect(saves()).toHaveLength(1));
  });

  it("a future expiry is saved without asking", async () => {
    await panelWithExpiry(local(3 * 24 * 3600_000));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(screen.queryByText(TEXTS.access.pastExpiryTitle)).toBeNull();
  });
});
