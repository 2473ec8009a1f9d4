// The words of the mails a studio's guest gets (the delivery mail, the reminders, the approval and
// payment receipts) and of the checkout page they pay on, per viewer language: the one home of those texts, one table per language (a module each), each of the
// viewer's six (lib/viewer-i18n) written out: the type makes a missing language or key a compile
// error. Words the viewer already translates are the viewer's (its "Open gallery", its "download PIN",
// its way of addressing the guest: "Sie" in German, "tú" in Spanish, "tu" in Italian, "você" in
// Brazilian Portuguese). The download PIN's digits always follow the word "PIN" (lib/mail/redact.ts
// hides them there). Dates are in UTC, in the language's own form. Pure: the mail templates and the
// tests import it.
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";
import { de } from "@/lib/mail/guest-texts/de";
import { en } from "@/lib/mail/guest-texts/en";
import { es } from "@/lib/mail/guest-texts/es";
import { fr } from "@/lib/mail/guest-texts/fr";
import { it } from "@/lib/mail/guest-texts/it";
import { pt } from "@/lib/mail/guest-texts/pt";

export type { GuestMailTexts };

/** Every viewer language's table (a language left out is a compile error). */
export const GUEST_MAIL_TEXTS: Record<ViewerLanguage, GuestMailTexts> = { en, es, fr, de, it, pt };

/** A guest mail's words in `language`. */
export const guestMailTexts = (language: ViewerLanguage): GuestMailTexts => GUEST_MAIL_TEXTS[language];
