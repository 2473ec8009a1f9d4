/** @jest-environment jsdom */
// Issue 57 item 6, the viewer's side: a gallery in review's Download menu says how many more films
// open on approval (in the guest's language), and an expired gallery's page shows the studio's
// contact and "Ask for access", whose form calls its door and says what happened.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import DownloadMenu from "@/components/gallery/download-menu";
import AccessRequest from "@/components/gallery/access-request";
import { renderViewer } from "../helpers/viewer-locale";
import type { VideoCard } from "@/lib/services/galleries/rules/gallery-preview";

const film = (id: string): VideoCard =>
  ({ _id: id, title: `Film ${id}`, thumbnail: null, playback: { sources: [], fallback: [] }, durationSec: null, chapters: [], captions: [] }) as unknown as VideoCard;

function menu(closedCount: number, lang = "en") {
  renderViewer(<DownloadMenu open onOpenChange={() => {}} triggerClassName="" videos={[film("a")]} closedCount={closedCount} downloadHref={(id) => `/dl/${id}`} onDownloadAll={() => {}} />, lang);
}

describe("Download all in a gallery in review", () => {
  it("says how many more films open when approved", () => {
    menu(3);
    expect(screen.getByTestId("download-all-item")).toHaveTextContent("Download all1 film");
    expect(screen.getByTestId("more-on-approval")).toHaveTextContent("3 more open when approved");
  });

  it("in the guest's language, with its plural", () => {
    menu(1, "de");
    expect(screen.getByTestId("more-on-approval")).toHaveTextContent("1 weiterer nach der Freigabe");
  });

  it("says nothing when every film is open", () => {
    menu(0);
    expect(screen.queryByTestId("more-on-approval")).toBeNull();
  });
});

describe("Ask for access on an expired gallery", () => {
  const contact = { websiteUrl: "https://northlight.example", socials: { youtube: "", instagram: "https://instagram.com/northlight", facebook: "javascript:alert(1)" } };
  afterEach(() => jest.restoreAllMocks());

  function fill() {
    fireEvent.click(screen.getByTestId("ask-access"));
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: " Anna " } });
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "anna@example.com" } });
  }

  it("shows the studio's website and http(s) socials, then sends the form to the door and says it was sent", async () => {
    const fetch = jest.fn(async () => ({ ok: true, status: 202, json: async () => ({ received: true }) }));
    global.fetch = fetch as unknown as typeof global.fetch;
    renderViewer(<AccessRequest slug="anna-and-james" contact={contact} />);
    expect(screen.getByTestId("studio-website")).toHaveAttribute("href", "https://northlight.example/");
    expect(screen.getByLabelText("Instagram")).toBeInTheDocument();
    expect(screen.queryByLabelText("Facebook")).toBeNull();
    fill();
    await act(async () => {
      fireEvent.submit(screen.getByTestId("access-form"));
    });
    await waitFor(() => expect(screen.getByTestId("access-sent")).toHaveTextContent("Your request was sent to the studio."));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/public/galleries/anna-and-james/access-request");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ name: "Anna", email: "anna@example.com" });
  });

  it("says to wait when the door answers 429, and keeps the form", async () => {
    global.fetch = jest.fn(async () => ({ ok: false, status: 429, json: async () => ({ code: "rate_limited", message: "x" }) })) as unknown as typeof global.fetch;
    renderViewer(<AccessRequest slug="anna-and-james" contact={{ websiteUrl: "" }} />, "fr");
    fireEvent.click(screen.getByTestId("ask-access"));
    fireEvent.change(screen.getByLabelText("Votre nom"), { target: { value: "Anna" } });
    fireEvent.change(screen.getByLabelText("Votre e-mail"), { target: { value: "anna@example.com" } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId("access-form"));
    });
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Trop d"));
    expect(screen.getByTestId("access-form")).toBeInTheDocument();
    expect(screen.queryByTestId("access-sent")).toBeNull();
  });
});
