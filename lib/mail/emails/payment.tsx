// Paid delivery's mails, sent by lib/services/money/gallery-payments.ts once per paid
// checkout: the payer's receipt (in the studio's name: the money went to the studio; in the guest's
// language, lib/mail/guest-texts/) and the studio's notice.
import { MailLayout, mailDateTime, P } from "@/lib/mail/emails/layout";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { TEXTS } from "@/lib/texts";

type Common = { studioName: string; galleryTitle: string; amount: number; currency: string; paidAt: Date };

/** To the payer, in their language: what was paid, to whom, and the way back to the films (now open). */
export function galleryReceipt(p: Common & { galleryUrl: string; language: ViewerLanguage }): Promise<MailContent> {
  const t = guestMailTexts(p.language);
  const amount = formatMoney(p.amount, p.currency, t.locale);
  return renderMail(
    t.receipt.subject(p.galleryTitle),
    <MailLayout
      lang={t.locale}
      brand={{ name: p.studioName }}
      preview={t.receipt.preview(amount, p.studioName)}
      heading={t.receipt.heading}
      action={{ label: t.receipt.button, url: p.galleryUrl }}
      footer={t.signatureFooter}
    >
      <P>{t.receipt.paid(amount, p.studioName, p.galleryTitle, t.dateTime(p.paidAt))}</P>
      <P>{t.receipt.open}</P>
      <P>{t.receipt.provider(p.studioName)}</P>
    </MailLayout>,
  );
}

/** To the studio: a gallery was paid, by whom, and that it is open. */
export function galleryPaidNotice(p: Common & { payerEmail: string | null; studioUrl: string }): Promise<MailContent> {
  const amount = formatMoney(p.amount, p.currency);
  return renderMail(
    TEXTS.galleryPrice.paidSubject(p.galleryTitle),
    <MailLayout preview={`${amount} paid for ${p.galleryTitle}.`} heading={`${p.galleryTitle} was paid`} action={{ label: "Open Vidfolio", url: p.studioUrl }}>
      <P>{`${p.payerEmail ?? "Your client"} paid ${amount} for ${p.galleryTitle} on ${mailDateTime(p.paidAt)}.`}</P>
      <P>{"Its guests now watch the full films and may download them as the gallery's settings allow. The money goes to your payment account."}</P>
    </MailLayout>,
  );
}
