// Paid delivery's mails, sent by lib/services/money/gallery-payments.ts once per paid
// checkout: the payer's receipt (in the studio's name: the money went to the studio) and the
// studio's notice.
import { MailLayout, mailDateTime, P } from "@/lib/mail/emails/layout";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { TEXTS } from "@/lib/texts";

type Common = { studioName: string; galleryTitle: string; amount: number; currency: string; paidAt: Date };

/** To the payer: what was paid, to whom, and the way back to the films (now open). */
export function galleryReceipt(p: Common & { galleryUrl: string }): Promise<MailContent> {
  const amount = formatMoney(p.amount, p.currency);
  return renderMail(
    TEXTS.galleryPrice.receiptSubject(p.galleryTitle),
    <MailLayout brand={{ name: p.studioName }} preview={`${amount} paid to ${p.studioName}.`} heading="Thank you for your payment" action={{ label: "Watch your films", url: p.galleryUrl }}>
      <P>{`You paid ${amount} to ${p.studioName} for ${p.galleryTitle} on ${mailDateTime(p.paidAt)}.`}</P>
      <P>The full films and their downloads are open now, on the same link as before.</P>
      <P>{`The payment was taken by ${p.studioName}'s payment provider; your card statement names them. Keep this mail as your receipt.`}</P>
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
