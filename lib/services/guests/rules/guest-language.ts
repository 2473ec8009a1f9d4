// The one rule of a guest's language: what every mail to a guest (delivery, reminders, approval
// receipt, payment receipt) and the checkout page speak. The language the studio set on the guest
// wins; else the one the guest's page was in when they last opened the gallery by their link; else
// the gallery's viewer language (English when the gallery follows each browser's). Pure: the
// services of guests, review and money, and the studio's dialogs, ask it.
import { isViewerLanguage } from "@/lib/viewer-i18n/language.cjs";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** What the rule reads of a guest (null: a payer without a personal link). */
export type GuestLanguageOf = { language: string | null; browserLanguage: string | null } | null;

/** A guest's language: set > last browser language on the gallery > the gallery's viewer language > English. */
export function guestLanguage(guest: GuestLanguageOf, galleryLanguage: string): ViewerLanguage {
  for (const l of [guest?.language, guest?.browserLanguage, galleryLanguage]) if (isViewerLanguage(l)) return l as ViewerLanguage;
  return "en";
}
