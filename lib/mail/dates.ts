// How mails write dates. Pure: the mail templates, the guest mail texts and the tests import it.
// Dates in mails are in UTC, said so where a time is shown: a mail cannot know its reader's zone.
/** 'December 2, 2026' (in French, '2 décembre 2026'). */
export const mailDate = (d: Date, locale = "en-US"): string => d.toLocaleDateString(locale, { dateStyle: "long", timeZone: "UTC" });
/** 'December 2, 2026 at 3:00 PM UTC'. */
export const mailDateTime = (d: Date, locale = "en-US"): string => `${d.toLocaleString(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`;
/** 'Wednesday 2 December 2026' (a digest's day). */
export const mailDay = (d: Date): string => d.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
