/**
 * PUT /api/payments/watermark (issue 55 item 7): a watermark text needs a visible character. Blank
 * or invisible-only text — spaces, zero-width characters, the word joiner, a BOM, bidi controls,
 * combining marks with no letter, Hangul fillers — is a 400 that names the rule and changes nothing;
 * a text with one visible character is kept as typed, and "" or null is no text of the studio's own.
 */
import { db } from "@/lib/db";
import { PUT as setWatermark } from "@/app/api/payments/watermark/route";
import { TEXTS } from "@/lib/texts";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

const put = async (token: string, text: string | null) => call(setWatermark, request("PUT", "/api/payments/watermark", { token, body: { text, logo: false, position: "bottom-right", opacity: 50 } }));

it.each([
  ["spaces", "   "],
  ["a no-break space and an ideographic space", "\u00a0\u3000"],
  ["zero-width space, non-joiner and joiner", "\u200b\u200c\u200d"],
  ["a word joiner", "\u2060"],
  ["a byte-order mark", "\ufeff"],
  ["bidi controls", "\u202e\u202a\u2066\u2069\u200f\u061c"],
  ["combining marks alone", "\u0301\u0308\u20dd"],
  ["a soft hyphen and a combining grapheme joiner", "\u00ad\u034f"],
  ["Hangul fillers and a blank Braille pattern", "\u3164\uffa0\u2800"],
  ["a mix of them", " \u200b\u0301\ufeff\u202e "],
])("refuses a text of %s (400, nothing changed)", async (_what, text) => {
  const studio = await createStudio();
  await db.admin.update({ where: { id: studio.id }, data: { watermarkText: "Northlight · Preview" } });
  const res = await put(await bearerFor(studio), text);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: "validation", message: TEXTS.galleryPrice.watermarkTextInvisible });
  expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).watermarkText).toBe("Northlight · Preview");
});

it('keeps a text with a visible character as typed (trimmed), and takes "" or null as none', async () => {
  const studio = await createStudio();
  const token = await bearerFor(studio);
  for (const [text, kept] of [
    ["\u200bNorthlight\u200b", "\u200bNorthlight\u200b"],
    [" e\u0301 ", "e\u0301"],
    ["\u202eAnna", "\u202eAnna"],
    ["·", "·"],
    ["", null],
    [null, null],
  ] as const) {
    const res = await put(token, text);
    expect(res.status).toBe(200);
    expect((await res.json()).watermark.text).toBe(kept);
  }
});
