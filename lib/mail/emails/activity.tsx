// The activity mail: the events a studio asked to be mailed at once (lib/services/platform/activity/mail.ts),
// gathered for a minute, by gallery. What guests wrote is free text: never made a link, never in a subject.
import { MailLayout, P } from "@/lib/mail/emails/layout";
import { GallerySections, unlinkableLines, type DigestGallery } from "@/lib/mail/emails/digest";
import { unlinkable } from "@/lib/mail/free-text";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { TEXTS } from "@/lib/texts";

export type ActivityMailProps = { studioName: string; galleries: DigestGallery[]; count: number; more: number; activityUrl: string };

function ActivityMail({ studioName, galleries, more, activityUrl }: ActivityMailProps) {
  const t = TEXTS.activity.mail;
  return (
    <MailLayout preview={unlinkable(galleries[0]?.lines[0] ?? t.heading)} heading={t.heading} action={{ label: t.button, url: activityUrl }} footer={t.footer}>
      <P>{`Hi ${unlinkable(studioName)},`}</P>
      <P>{t.intro}</P>
      <GallerySections galleries={unlinkableLines(galleries)} />
      {more > 0 ? <P>{t.more(more)}</P> : null}
    </MailLayout>
  );
}

export const activityMail = (props: ActivityMailProps): Promise<MailContent> => renderMail(TEXTS.activity.mail.subject(props.count), <ActivityMail {...props} />);
