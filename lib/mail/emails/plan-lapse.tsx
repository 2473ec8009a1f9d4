// The mails of a plan ending, sent by lib/services/money/plan-lapse.ts, each once: the plan is
// set to end (a cancellation at the end of the period), a renewal payment failed, the plan has ended,
// and a reminder before its grace ends. Each says when the plan ends, that its galleries stay as they
// are for the grace (PLAN_LAPSE_GRACE_DAYS), what changes after it (the footer, nothing deleted), and
// that Account → Export is open whatever the plan.
import { Link } from "@react-email/components";
import { MailLayout, mailDate, P } from "@/lib/mail/emails/layout";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { TEXTS } from "@/lib/texts";

export type PlanLapseMailProps = {
  studioName: string;
  /** The plan's display name ("Pro", "Unlimited Plan"). */
  plan: string;
  /** Account → Export and Account → Plan & Billing, absolute. */
  exportUrl: string;
  planUrl: string;
} & (
  | { kind: "ending"; endsAt: Date; graceUntil: Date }
  | { kind: "payment-failed"; retryAt: Date | null }
  | { kind: "ended"; endedAt: Date; graceUntil: Date }
  | { kind: "grace-ending"; endedAt: Date; graceUntil: Date; daysLeft: number }
);

const t = TEXTS.planLapse;

function subjectOf(p: PlanLapseMailProps): string {
  switch (p.kind) {
    case "ending":
      return t.endingSubject(p.plan, mailDate(p.endsAt));
    case "payment-failed":
      return t.failedSubject(p.plan);
    case "ended":
      return t.endedSubject(p.plan);
    case "grace-ending":
      return t.graceEndingSubject(mailDate(p.graceUntil));
  }
}

function headingOf(p: PlanLapseMailProps): string {
  switch (p.kind) {
    case "ending":
      return t.endingHeading(p.plan);
    case "payment-failed":
      return t.failedHeading;
    case "ended":
      return t.endedHeading(p.plan);
    case "grace-ending":
      return t.graceEndingHeading(p.daysLeft);
  }
}

/** The grace and what follows it; without dates when the end is not known yet (a failed payment). */
function Consequences({ graceUntil }: { graceUntil: Date | null }) {
  const graceEnd = graceUntil ? mailDate(graceUntil) : null;
  return (
    <>
      <P>{t.graceLine(graceEnd)}</P>
      <P>{t.afterLine(graceEnd)}</P>
    </>
  );
}

function PlanLapseMail(props: PlanLapseMailProps) {
  const subject = subjectOf(props);
  return (
    <MailLayout preview={subject} heading={headingOf(props)} action={{ label: t.exportButton, url: props.exportUrl }} footer={t.footer}>
      <P>{`Hi ${props.studioName},`}</P>
      {props.kind === "ending" && (
        <>
          <P>{t.endingIntro(props.plan, mailDate(props.endsAt))}</P>
          <Consequences graceUntil={props.graceUntil} />
        </>
      )}
      {props.kind === "payment-failed" && (
        <>
          <P>{`${t.failedIntro(props.plan)} ${props.retryAt ? t.failedRetry(mailDate(props.retryAt)) : t.failedLastTry}`}</P>
          <P>{t.failedEnds}</P>
          <Consequences graceUntil={null} />
        </>
      )}
      {props.kind === "ended" && (
        <>
          <P>{t.endedIntro(props.plan, mailDate(props.endedAt))}</P>
          <Consequences graceUntil={props.graceUntil} />
        </>
      )}
      {props.kind === "grace-ending" && (
        <>
          <P>{t.graceEndingIntro(props.plan, mailDate(props.endedAt), mailDate(props.graceUntil))}</P>
          <P>{t.afterLine(mailDate(props.graceUntil))}</P>
        </>
      )}
      <P>{t.exportLine}</P>
      <P>
        {props.kind === "ending" ? `${t.endingUndo(mailDate(props.endsAt))} ` : props.kind === "payment-failed" ? "" : `${t.resubscribe} `}
        <Link href={props.planUrl} style={{ color: "#18181b", textDecoration: "underline" }}>
          {t.planPageLink}
        </Link>
      </P>
    </MailLayout>
  );
}

export function planLapseMail(props: PlanLapseMailProps): Promise<MailContent> {
  return renderMail(subjectOf(props), <PlanLapseMail {...props} />);
}
