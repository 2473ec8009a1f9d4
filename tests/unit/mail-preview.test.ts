// The studio's preview of a guest's mail leaves out the open pixel (issue 39 item 3): looking at the
// preview never marks the guest's mail opened; every other image and all the text stay.
import { previewDocument } from "@/lib/browser/mail-preview";

describe("previewDocument", () => {
  const pixel = `<img alt="" height="1" src="http://localhost:3000/api/public/invites/open/0b7e4c1e-5b1a-4f43-9d7c-111111111111?s=abc" style="display:block" width="1"/>`;
  const logo = `<img alt="Golden Hour" src="http://localhost:3000/api/public/invites/media/0b7e4c1e-5b1a-4f43-9d7c-111111111111?a=logo&amp;s=def"/>`;

  it("drops the open pixel and keeps the logo, the hero and the text", () => {
    const html = `<html><body><p>Hello Anna</p>${logo}<IMG SRC="https://cdn.example.com/hero.jpg">${pixel}</body></html>`;
    const out = previewDocument(html);
    expect(out).not.toContain("/invites/open/");
    expect(out).toContain(logo);
    expect(out).toContain('<IMG SRC="https://cdn.example.com/hero.jpg">');
    expect(out).toContain("<p>Hello Anna</p>");
  });

  it("leaves a mail without a pixel as it is", () => {
    const html = `<p>Hi</p>${logo}`;
    expect(previewDocument(html)).toBe(html);
  });
});
