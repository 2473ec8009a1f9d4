// The one rule of a guest's language (lib/services/guests/rules/guest-language.ts): what the studio
// set > the language the guest's page was in when they last opened the gallery by their link > the
// gallery's viewer language > English (a gallery that follows each browser, or anything unknown).
import { guestLanguage } from "@/lib/services/guests/rules/guest-language";

it.each([
  [{ language: "fr", browserLanguage: "de" }, "it", "fr"],
  [{ language: null, browserLanguage: "de" }, "it", "de"],
  [{ language: null, browserLanguage: null }, "it", "it"],
  [{ language: null, browserLanguage: null }, "auto", "en"],
  [null, "pt", "pt"],
  [null, "auto", "en"],
  [{ language: "nl", browserLanguage: "xx" }, "es", "es"],
  [{ language: "FR", browserLanguage: null }, "auto", "en"],
] as const)("%j in a gallery of %s → %s", (guest, gallery, expected) => {
  expect(guestLanguage(guest, gallery)).toBe(expected);
});
