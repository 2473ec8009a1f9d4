// The reminder a studio's guest gets before a gallery expires: 7, 3 and 1 days before,
// sent by lib/services/guests/reminders.ts. In the studio's name (and logo, when it has one a mail can
// show), with the guest's personal link, in the guest's language
// (lib/mail/guest-texts/). Its subject is fixed and the studio's and guest's words in it are never
// links (lib/mail/free-text.ts).
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, P, type MailBrand } from "@/lib/mail/emails/layout";
import { unlinkable } from "@/lib/mail/free-text";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

export type ReminderMailProps = {
  brand: MailBrand;
  /** The gallery's title as its viewers see it. */
  galleryTitle: string;
  guestName: string;
  /** Whole days left, rounded up (1: "tomorrow"). */
  daysLeft: number;
  expiresAt: Date;
  /** The guest's personal link. */
  link: string;
  /** Whether the gallery lets its viewers download. */
  downloads: boolean;
  language: ViewerLanguage;
};

/** The subject: fixed words in the guest's language, never the studio's (lib/mail/free-text.ts). */
const reminderSubject = (daysLeft: number, language: ViewerLanguage): string => guestMailTexts(language).reminder.subject(daysLeft);

function ReminderMail(reminder: ReminderMailProps) {
  const t = guestMailTexts(reminder.language);
  // The studio's and the guest's words, with nothing a mail program would make a link of.
  const studio = unlinkable(reminder.brand.name);
  const title = unlinkable(reminder.galleryTitle);
  const guestName = unlinkable(reminder.guestName);
  const heading = t.reminder.heading(title, reminder.daysLeft);
  const date = t.dateTime(reminder.expiresAt);
  return (
    <MailLayout
      lang={t.locale}
      preview={`${heading}: ${date}.`}
      heading={heading}
      brand={{ ...reminder.brand, name: studio }}
      action={{ label: t.reminder.button, url: reminder.link }}
      footer={t.reminder.footer(studio, title)}
    >
      <P>{guestName ? t.greeting(guestName) : t.hello}</P>
      <P>{t.reminder.body(studio, title, date)}</P>
      {reminder.downloads ? <P>{t.reminder.downloads}</P> : null}
      <P>{t.reminder.linkIntro}</P>
    </MailLayout>
  );
}

/** The subject, HTML and plain text of a reminder. */
export function reminderMail(props: ReminderMailProps): Promise<MailContent> {
  return renderMail(reminderSubject(props.daysLeft, props.language), <ReminderMail {...props} />);
}
