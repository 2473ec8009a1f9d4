/**
 * The guest mails' words (issue 39 item 3, lib/mail/guest-texts/): a table for each of the
 * viewer's six languages, every key in each (the type makes a missing one a compile error; this
 * checks the tables as they run), no text left in English, every placeholder used, the viewer's own
 * words where it has them; and the delivery mail and the reminder rendered in every language: in
 * that language, the PIN hidden from the outbox, the studio's and the guest's words escaped.
 */
import { GUEST_MAIL_TEXTS, guestMailTexts, type GuestMailTexts } from "@/lib/mail/guest-texts";
import { deliveryMail } from "@/lib/mail/emails/delivery";
import { reminderMail } from "@/lib/mail/emails/reminder";
import { redactMailText } from "@/lib/mail/redact";
import { VIEWER_CATALOGUES, VIEWER_LANGUAGE_CODES, type ViewerLanguage } from "@/lib/viewer-i18n";

// A table for every language is a compile error when one is missing.
const typed: Record<ViewerLanguage, GuestMailTexts> = GUEST_MAIL_TEXTS;

const DATE = new Date(Date.UTC(2026, 11, 2, 15, 0));
const STUDIO = "Studio Q7";
const TITLE = "Title Z9";
const NAME = "Name K3";

/** Every text of a table by its path, each function called with markers for its arguments (dates as dates, days as 4 and 1). */
function leaves(t: GuestMailTexts): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") out.set(path, node);
    else if (typeof node === "function") {
      if (path === "date" || path === "dateTime") out.set(path, (node as (d: Date) => string)(DATE));
      else if (/subject$|heading$/.test(path) && path.startsWith("reminder")) {
        const f = node as (...a: unknown[]) => string;
        out.set(`${path}(4)`, path.endsWith("heading") ? f(TITLE, 4) : f(4));
        out.set(`${path}(1)`, path.endsWith("heading") ? f(TITLE, 1) : f(1));
      } else out.set(path, (node as (...a: string[]) => string)(STUDIO, TITLE, "DATE-X"));
    } else for (const [k, v] of Object.entries(node as object)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(t, "");
  return out;
}

const english = leaves(guestMailTexts("en"));
const others = VIEWER_LANGUAGE_CODES.filter((l) => l !== "en");

it("has a table for every viewer language, each with every key of the English one, none empty", () => {
  expect(Object.keys(typed).sort()).toEqual([...VIEWER_LANGUAGE_CODES].sort());
  for (const lang of VIEWER_LANGUAGE_CODES) {
    const texts = leaves(guestMailTexts(lang));
    expect([...texts.keys()]).toEqual([...english.keys()]);
    for (const [key, text] of texts) expect([key, text.trim().length > 0]).toEqual([key, true]);
    expect(guestMailTexts(lang).locale).toBe(lang);
  }
});

it.each(others)("%s: no text falls back to English, dates are in the language's own form", (lang) => {
  const texts = leaves(guestMailTexts(lang));
  for (const [key, text] of texts) expect([key, text]).not.toEqual([key, english.get(key)]);
  expect(texts.get("date")).not.toContain("December");
  expect(texts.get("dateTime")).toMatch(/ UTC$/);
  expect(guestMailTexts(lang)).not.toBe(guestMailTexts("en"));
});

it.each(VIEWER_LANGUAGE_CODES)("%s: every placeholder is used, and the counts of days are said as such", (lang) => {
  const t = guestMailTexts(lang);
  expect(t.greeting(NAME)).toContain(NAME);
  for (const text of [t.delivery.preview(STUDIO, TITLE), t.delivery.shared(STUDIO, TITLE), t.reminder.footer(STUDIO, TITLE)]) {
    expect(text).toContain(STUDIO);
    expect(text).toContain(TITLE);
  }
  for (const text of [t.delivery.messageFrom(STUDIO), t.delivery.pinAsk(STUDIO)]) expect(text).toContain(STUDIO);
  expect(t.delivery.linkUntil("DATE-X")).toContain("DATE-X");
  expect(t.reminder.body(STUDIO, TITLE, "DATE-X")).toEqual(expect.stringContaining("DATE-X"));
  expect(t.reminder.body(STUDIO, TITLE, "DATE-X")).toContain(STUDIO);
  expect(t.reminder.body(STUDIO, TITLE, "DATE-X")).toContain(TITLE);
  expect(t.reminder.subject(4)).toContain("4");
  expect(t.reminder.subject(1)).not.toMatch(/\d/);
  expect(t.reminder.heading(TITLE, 4)).toContain(TITLE);
});

it.each(["es", "de", "it", "pt"] as const)("%s: the words the viewer already says are the viewer's (its Open gallery, its download PIN)", (lang) => {
  const viewer = VIEWER_CATALOGUES[lang].viewer;
  expect(guestMailTexts(lang).delivery.button).toBe(viewer.unlock);
  expect(guestMailTexts(lang).reminder.button).toBe(viewer.unlock);
  // The PIN is called a PIN, as in the viewer's PIN dialog.
  expect(viewer.pinHeading).toContain("PIN");
  expect(guestMailTexts(lang).delivery.pinAsk(STUDIO)).toContain("PIN");
});

const PIN = "482915";
const HOSTILE = {
  studio: `Evil <img src=x onerror=alert(1)> & Co`,
  name: `<script>alert("name")</script>`,
  title: `</title><b>Wedding</b>`,
  message: `Hello <script>alert(2)</script>\n<a href="https://evil.example">click</a>`,
};

const delivery = (language: ViewerLanguage, words = { studio: "Northlight", name: "Anna", title: "Anna & James", message: "See you soon." }) =>
  deliveryMail({
    studio: { name: words.studio, logoUrl: null },
    guestName: words.name,
    galleryTitle: words.title,
    heroUrl: null,
    link: "https://films.example/g/anna?k=secret-token",
    expiresAt: DATE,
    pixelUrl: "https://films.example/api/public/invites/open/x?s=sig",
    language,
    subject: null,
    message: words.message,
    pin: { mode: "mail", pin: PIN },
  });

const reminder = (language: ViewerLanguage, words = { studio: "Northlight", name: "Anna", title: "Anna & James" }) =>
  reminderMail({
    brand: { name: words.studio, logoUrl: null },
    galleryTitle: words.title,
    guestName: words.name,
    daysLeft: 3,
    expiresAt: DATE,
    link: "https://films.example/g/anna?k=secret-token",
    downloads: true,
    language,
  });

it.each(VIEWER_LANGUAGE_CODES)("%s: the delivery mail and the reminder are in the language, and the outbox never shows the PIN", async (lang) => {
  const t = guestMailTexts(lang);
  const mail = await delivery(lang);
  expect(mail.subject).toBe(t.delivery.subject);
  expect(mail.html).toContain(`lang="${lang}"`);
  expect(mail.text).toContain(t.delivery.button);
  expect(mail.text).toContain(t.delivery.linkUntil(t.date(DATE)));
  expect(mail.text).toContain(`${t.delivery.pinIncluded} ${PIN}`);
  for (const part of [mail.html, mail.text]) {
    expect(part).toContain(PIN);
    expect(redactMailText(part)).not.toContain(PIN);
  }
  const r = await reminder(lang);
  expect(r.subject).toBe(t.reminder.subject(3));
  expect(r.html).toContain(`lang="${lang}"`);
  expect(r.text).toContain(t.reminder.linkIntro);
  expect(r.text).toContain(t.reminder.downloads);
});

it.each(VIEWER_LANGUAGE_CODES)("%s: a studio name, guest name, title or message with markup arrives as text, in both mails", async (lang) => {
  for (const mail of [await delivery(lang, HOSTILE), await reminder(lang, HOSTILE)]) {
    expect(mail.html).not.toMatch(/<script|<img src="?x|<b>Wedding|<a href="https:\/\/evil/i);
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("&lt;/title&gt;&lt;b&gt;Wedding&lt;/b&gt;");
  }
  const sent = await delivery(lang, HOSTILE);
  expect(sent.html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  expect(sent.text).toContain(`<script>alert("name")</script>`);
});
