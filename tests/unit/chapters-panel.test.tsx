/** @jest-environment jsdom */
// The ADVANCE tab lists a film's chapters whether they arrive after it opens or were loaded before
// (the studio player's modal loads them for its chapter markers first): it once showed "No
// chapters yet" for a film with chapters when opened after the modal had loaded them.
import { act, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ChaptersPanel } from "@/components/studio/player/chapters-panel";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import type { ChapterDto } from "@/lib/contract/films";

jest.mock("@/components/ui/confirm", () => ({ useConfirm: () => async () => true }));

const chapter = (id: string, title: string, seconds: number): ChapterDto => ({ _id: id, title, seconds, cuePoint: `00:00:${String(seconds).padStart(2, "0")}`, videoId: "v1" });

function panel(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <ChaptersPanel videoId="v1" currentTime={0} onSeek={() => {}} />
    </QueryClientProvider>,
  );
}

describe("ChaptersPanel", () => {
  it("shows chapters that were loaded before the tab opened", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(queryKeys.chapters("v1"), [chapter("c1", "First dance", 5), chapter("c2", "Toasts", 42)]);
    panel(client);
    expect(screen.queryByText(TEXTS.noChapters)).toBeNull();
    expect(screen.getByDisplayValue("First dance")).toBeTruthy();
    expect(screen.getByDisplayValue("Toasts")).toBeTruthy();
  });

  it("shows chapters that arrive after it opened", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, enabled: false } } });
    panel(client);
    expect(screen.queryByDisplayValue("Vows")).toBeNull();
    act(() => void client.setQueryData(queryKeys.chapters("v1"), [chapter("c1", "Vows", 12)]));
    expect(await screen.findByDisplayValue("Vows")).toBeTruthy();
  });
});
