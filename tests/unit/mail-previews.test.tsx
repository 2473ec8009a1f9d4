// The development preview of every mail (/dev/mails, lib/mail/previews.tsx): each mail renders with
// its sample data (HTML and plain text, nothing left undefined), every mail component has a preview,
// and the page answers 404 in production.
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { MAIL_PREVIEWS } from "@/lib/mail/previews";
import * as templates from "@/lib/mail/templates";
import MailPreviewsPage from "@/app/dev/mails/page";

const ROOT = path.resolve(__dirname, "../..");
const page = (search: Record<string, string> = {}) => MailPreviewsPage({ searchParams: Promise.resolve(search) });

function withNodeEnv<T>(value: string, run: () => Promise<T>): Promise<T> {
  const env = process.env as Record<string, string | undefined>;
  const before = env.NODE_ENV;
  env.NODE_ENV = value;
  return run().finally(() => {
    env.NODE_ENV = before;
  });
}

describe.each(MAIL_PREVIEWS.map((m) => [m.id, m] as const))("the %s preview", (_id, preview) => {
  it("renders a subject, an HTML body and its plain text, with nothing undefined", async () => {
    const mail = await preview.render();
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.html).toMatch(/^<!DOCTYPE html/i);
    expect(mail.html.length).toBeGreaterThan(500);
    expect(mail.text.trim().length).toBeGreaterThan(40);
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toMatch(/undefined|NaN|\[object Object\]|\bnull\b/);
    }
  });
});

it("has a preview of every mail: each component in lib/mail/emails and each of lib/mail/templates", () => {
  const sources = new Set(MAIL_PREVIEWS.map((m) => m.source));
  const components = fs
    .readdirSync(path.join(ROOT, "lib/mail/emails"))
    .filter((f) => /\.tsx$/.test(f) && f !== "layout.tsx")
    .map((f) => `lib/mail/emails/${f}`);
  expect(components.filter((c) => !sources.has(c))).toEqual([]);
  const templateMails = Object.values(templates).filter((v) => typeof v === "function");
  expect(MAIL_PREVIEWS.filter((m) => m.source === "lib/mail/templates.tsx").length).toBeGreaterThanOrEqual(templateMails.length);
  for (const m of MAIL_PREVIEWS) expect(fs.existsSync(path.join(ROOT, m.source))).toBe(true);
  expect(new Set(MAIL_PREVIEWS.map((m) => m.id)).size).toBe(MAIL_PREVIEWS.length);
});

it("lists every mail in development, with its HTML in a sandboxed frame and its plain text", async () => {
  const html = renderToStaticMarkup(await withNodeEnv("development", () => page()));
  for (const m of MAIL_PREVIEWS) {
    const mail = await m.render();
    expect(html).toContain(`id="${m.id}"`);
    expect(html).toContain(`href="/dev/mails?mail=${m.id}"`);
    expect(html).toContain(renderToStaticMarkup(<>{mail.subject}</>));
  }
  expect(html.match(/<iframe [^>]*sandbox=""/g)).toHaveLength(MAIL_PREVIEWS.length);
  // One mail on its own.
  const one = renderToStaticMarkup(await withNodeEnv("development", () => page({ mail: MAIL_PREVIEWS[0].id })));
  expect(one.match(/data-testid="mail-preview"/g)).toHaveLength(1);
});

it("answers 404 in production, and for an unknown mail", async () => {
  await expect(withNodeEnv("production", () => page())).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  await expect(withNodeEnv("development", () => page({ mail: "no-such-mail" }))).rejects.toMatchObject({ digest: expect.stringContaining("404") });
});
