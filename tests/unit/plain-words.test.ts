// Every text a studio or a guest reads speaks like people, not like the code: no field names
// (camelCase, snake_case), no error codes, no "minor units", no type names. The developers' own
// pages (webhooks, API keys) keep the words their readers search for (endpoint, header names).
import { TEXTS } from "@/lib/texts";
import { VIEWER_CATALOGUES } from "@/lib/viewer-i18n";

/** The words of code: a camelCase or snake_case name, the money's minor units, a type's name. */
const CODE_WORDS = /minor units?|smallest unit|\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+_[a-z_]+\b|\bnull\b|\bundefined\b|\bNaN\b|\bUUID\b|\bboolean\b|\binteger\b|\bregex\b/;
/** Written for developers, in their words. */
const DEVELOPER_PAGES = new Set(["webhooks", "apiKeys"]);
/** Brand and product names that are camel-cased on purpose. */
const NAMES = /\b(?:YouTube|PayPal|WhatsApp|iPhone|iPad|macOS|iOS|LinkedIn|TikTok|GitHub|OpenAPI|JavaScript|vidfolio\.[a-z]+)\b/g;

function* texts(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === "string") yield [path, value];
  else if (typeof value === "function") {
    // A text with blanks: filled with plain words and numbers (what it adds is what is checked).
    const filled = (value as (...args: unknown[]) => unknown)("sample", 2, 3, 4);
    if (typeof filled === "string") yield [`${path}()`, filled.replace(/\bundefined\b|\bNaN\b/g, "")];
  } else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* texts(v, `${path}[${i}]`);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* texts(v, `${path}.${k}`);
}

const codeWordsIn = (root: object, name: string, skip = new Set<string>()) =>
  Object.entries(root)
    .filter(([key]) => !skip.has(key))
    .flatMap(([key, value]) => [...texts(value, `${name}.${key}`)])
    .filter(([, text]) => CODE_WORDS.test(text.replace(NAMES, "")))
    .map(([path, text]) => `${path}: ${text}`);

describe("plain words", () => {
  it("no text of the studio's pages names a field, a code or a minor unit", () => {
    expect(codeWordsIn(TEXTS, "TEXTS", DEVELOPER_PAGES)).toEqual([]);
  });

  it.each(Object.entries(VIEWER_CATALOGUES))("nor does any text a guest reads (%s)", (lang, catalogue) => {
    expect(codeWordsIn(catalogue, lang)).toEqual([]);
  });

  it("catches what it is for", () => {
    expect(
      codeWordsIn(
        { a: "amount is a whole number of the currency's smallest unit", b: "Send dueDate", c: "decision is changes_requested", d: (n: number) => `${n} minor units`, e: "Fine words." },
        "x",
      ),
    ).toEqual(["x.a: amount is a whole number of the currency's smallest unit", "x.b: Send dueDate", "x.c: decision is changes_requested", "x.d(): sample minor units"]);
  });
});
