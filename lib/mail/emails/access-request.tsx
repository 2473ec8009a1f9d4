// "Ask for access" on an expired gallery's page (lib/services/access/access-request.ts): the mail to
// its studio, with who asks and how to answer them. What the guest typed is free text: never made a
// link (lib/mail/free-text.ts), never in the subject.
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, P } from "@/lib/mail/emails/layout";
import { unlinkable } from "@/lib/mail/free-text";
import { TEXTS } from "@/lib/texts";

export type AccessRequestMailProps = { galleryTitle: string; name: string; email: string; message: string | null; settingsUrl: string };

function AccessRequestMail(p: AccessRequestMailProps) {
  const t = TEXTS.accessRequest;
  return (
    <MailLayout preview={t.heading} heading={t.heading} action={{ label: t.button, url: p.settingsUrl }} footer={t.footer}>
      <P>{t.intro(unlinkable(p.name), p.email, unlinkable(p.galleryTitle))}</P>
      {p.message ? <P>{`${t.message} “${unlinkable(p.message)}”`}</P> : null}
      <P>{t.hint}</P>
    </MailLayout>
  );
}

export const accessRequestMail = (props: AccessRequestMailProps): Promise<MailContent> => renderMail(TEXTS.accessRequest.subject(props.galleryTitle), <AccessRequestMail {...props} />);
