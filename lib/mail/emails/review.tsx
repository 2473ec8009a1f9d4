// Review mail: the studio's digest of its guests' comments and decisions on a
// gallery (lib/services/review/review-mail.ts, batched: one per review session, at most one per gallery per
// 15 minutes), and a guest's receipt of their decision, in the guest's language and the studio's
// name. What guests wrote is free text: never made a link (lib/mail/free-text.ts), never in a subject.
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, P, type MailBrand } from "@/lib/mail/emails/layout";
import { unlinkable } from "@/lib/mail/free-text";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import { TEXTS } from "@/lib/texts";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

export type ReviewDigestProps = { studioName: string; gallery: string; lines: string[]; more: number; reviewUrl: string };

function ReviewDigestMail({ studioName, gallery, lines, more, reviewUrl }: ReviewDigestProps) {
  const t = TEXTS.reviewDigest;
  return (
    <MailLayout preview={unlinkable(lines[0] ?? t.heading)} heading={t.heading} action={{ label: t.button, url: reviewUrl }} footer={t.footer}>
      <P>{`Hi ${unlinkable(studioName)},`}</P>
      <P>{t.intro(unlinkable(gallery))}</P>
      {lines.map((line, i) => (
        <P key={i}>{`• ${unlinkable(line)}`}</P>
      ))}
      {more > 0 ? <P>{t.more(more)}</P> : null}
    </MailLayout>
  );
}

export const reviewDigestMail = (props: ReviewDigestProps): Promise<MailContent> => renderMail(TEXTS.reviewDigest.subject, <ReviewDigestMail {...props} />);

export type ApprovalReceiptProps = {
  brand: MailBrand;
  galleryTitle: string;
  guestName: string;
  film: string;
  version: number;
  approved: boolean;
  note: string | null;
  /** The guest's personal link. */
  link: string;
  language: ViewerLanguage;
};

function ApprovalReceiptMail(r: ApprovalReceiptProps) {
  const t = guestMailTexts(r.language);
  const studio = unlinkable(r.brand.name);
  const heading = t.approval.heading(r.approved, unlinkable(r.film), r.version);
  return (
    <MailLayout
      lang={t.locale}
      preview={heading}
      heading={heading}
      brand={{ ...r.brand, name: studio }}
      action={{ label: t.approval.button, url: r.link }}
      footer={t.approval.footer(studio, unlinkable(r.galleryTitle))}
    >
      <P>{r.guestName ? t.greeting(unlinkable(r.guestName)) : t.hello}</P>
      <P>{t.approval.told(studio)}</P>
      {r.note ? <P>{`${t.approval.note} “${unlinkable(r.note)}”`}</P> : null}
    </MailLayout>
  );
}

export const approvalReceiptMail = (props: ApprovalReceiptProps): Promise<MailContent> =>
  renderMail(guestMailTexts(props.language).approval.subject(props.approved), <ApprovalReceiptMail {...props} />);
