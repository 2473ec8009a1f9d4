import { notFound } from "next/navigation";
import Link from "next/link";
import { studioPage } from "@/lib/auth/pages";
import { ACCOUNT_SECTIONS, accountPath, ROUTES, type AccountSection } from "@/lib/routes";
import { inLapseGrace, isWhiteLabel, PLAN_LABELS } from "@/lib/services/money/rules/plans";
import { mediaUrl } from "@/lib/storage/urls";
import { activeSubscription, creditHistory, billingOverview, paymentsReceived, payoutState, studioWatermark } from "@/lib/services/money";
import { PaymentsReceivedList } from "@/components/account/payments-received";
import { parseWith } from "@/lib/http";
import { creditHistoryQuerySchema } from "@/lib/validation/payments";
import { ProfileForm } from "@/components/account/profile-form";
import { CompanySettings } from "@/components/account/company-settings";
import { StudioProfileForm } from "@/components/account/studio-profile";
import { CreditUsage } from "@/components/account/credit-usage";
import { ManageBilling } from "@/components/account/manage-billing";
import { DomainSettings } from "@/components/account/domain-settings";
import { DigestSettings } from "@/components/account/digest-settings";
import { TranscriptSettings } from "@/components/account/transcript-settings";
import { transcriptSettings } from "@/lib/services/films";
import { activityMail } from "@/lib/services/platform/rules/activity";
import { StudioExport } from "@/components/account/studio-export";
import { exportState, importState, isEmptyStudio } from "@/lib/services/data";
import { StudioImport } from "@/components/account/studio-import";
import { ApiKeys } from "@/components/account/api-keys";
import { listApiKeys, listEndpoints } from "@/lib/services/platform";
import { Webhooks } from "@/components/account/webhooks";
import { cnameTarget, ownDomainState } from "@/lib/services/studio";
import { PlanCards } from "@/components/marketing/plan-cards";
import { InvoiceList, PlanSummary } from "@/components/account/plan-summary";
import type { Actor } from "@/lib/services/access/rules/actor";
import { StripNav } from "@/components/ui/strip-nav";
import { Payouts } from "@/components/account/payouts";
import { WatermarkForm } from "@/components/account/watermark-form";
import { TEXTS } from "@/lib/texts";

type Props = { params: Promise<{ section: string }>; searchParams: Promise<{ page?: string; changed?: string; connect?: string }> };

export default async function AccountPage({ params, searchParams }: Props) {
  const { section } = await params;
  const current = ACCOUNT_SECTIONS.find((s) => s.slug === section);
  if (!current) notFound();
  const actor = await studioPage();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6 md:flex-row">
      <StripNav aria-label="Account sections" className="shrink-0 md:w-56">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.slug}>
              <Link
                href={accountPath(s.slug)}
                aria-current={s.slug === section ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm whitespace-nowrap ${s.slug === section ? "bg-white font-semibold text-zinc-900 shadow-sm" : "text-zinc-600 hover:bg-white"}`}
              >
                {s.label}
              </Link>
            </li>
          ))}
          <li>
            {/* A full page load: the reference is its own small app (Redoc), outside the studio's client. */}
            <a href={ROUTES.apiReference} className="block rounded-md px-3 py-2 text-sm whitespace-nowrap text-zinc-600 hover:bg-white">
              {TEXTS.apiReference.link}
            </a>
          </li>
        </ul>
      </StripNav>
      <section className="min-w-0 flex-1 rounded-2xl border border-zinc-200 bg-white p-6">
        {current.slug !== "planbill" && <h1 className="mb-6 text-2xl font-bold tracking-tight">{current.label}</h1>}
        <Section section={current.slug} actor={actor} {...pick(await searchParams)} />
      </section>
    </div>
  );
}

/** 'December 2, 2026' (UTC, as the lapse mails say it). */
const dayOf = (d: Date) => d.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

const pick = (q: { page?: string; changed?: string; connect?: string }) => ({
  page: typeof q.page === "string" ? q.page : undefined,
  changed: typeof q.changed === "string" ? q.changed : undefined,
  connect: q.connect === "done" || q.connect === "again" ? (q.connect as "done" | "again") : undefined,
});

async function Section({ section, actor, page, changed, connect }: { section: AccountSection; actor: Actor; page?: string; changed?: string; connect?: "done" | "again" }) {
  switch (section) {
    case "payments":
      return (
        <div className="flex flex-col gap-8">
          <Payouts initial={await payoutState(actor)} returned={connect} />
          <PaymentsReceivedList initial={await paymentsReceived(actor, { status: "all" })} />
          <WatermarkForm initial={await studioWatermark(actor)} />
        </div>
      );
    case "accountsetting":
      return (
        <>
          <ProfileForm name={actor.name} email={actor.email} />
          <DigestSettings initial={actor.digestEnabled} initialKinds={activityMail(actor.activityMail)} />
          <TranscriptSettings initial={await transcriptSettings(actor)} />
        </>
      );
    case "companysetting":
      return (
        <>
          <CompanySettings
            initial={{
              id: actor.id,
              companyName: actor.companyName,
              websiteUrl: actor.websiteUrl,
              socialLinks: { youtube: actor.youtubeUrl, instagram: actor.instagramUrl, facebook: actor.facebookUrl },
              logoUrl: mediaUrl(actor.companyLogoUrl),
              faviconUrl: mediaUrl(actor.companyFaviconUrl),
              whiteLabel: isWhiteLabel(actor),
            }}
          />
          <StudioProfileForm
            initial={{
              id: actor.id,
              companySize: actor.companySize,
              jobType: actor.jobType,
              numberOfClients: actor.numberOfClients,
              projectSize: actor.projectSize,
              mediaType: actor.mediaType,
              deliveryType: actor.deliveryType,
              heardOption: actor.heardOption ?? "",
            }}
          />
        </>
      );
    case "planbill": {
      const [sub, billing] = await Promise.all([activeSubscription(actor), billingOverview(actor)]);
      return (
        <div>
          <p className="text-zinc-600">Hi {actor.name}, Choose Your Plan Here to Continue...</p>
          <h1 className="mt-2 text-2xl font-bold tracking-tight">Our Pricing Plans</h1>
          {/* After a plan switch (the address names the plan; shown only when it is the studio's plan). */}
          {changed === actor.plan && (
            <p role="status" data-testid="plan-changed" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
              {TEXTS.planChanged(PLAN_LABELS[actor.plan])}
            </p>
          )}
          {/* A plan that ended, in its grace (lib/services/money/plan-lapse.ts). */}
          {inLapseGrace(actor) && (
            <p role="status" data-testid="plan-lapse-notice" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {TEXTS.planLapse.notice(PLAN_LABELS[actor.lapsedPlan!], dayOf(actor.planLapsedAt ?? actor.graceUntil!), dayOf(actor.graceUntil!))}{" "}
              <Link href={accountPath("export")} className="font-semibold underline">
                {TEXTS.planLapse.exportLink}
              </Link>
            </p>
          )}
          <PlanSummary billing={billing} actions={sub && <ManageBilling />} />
          <div className="mt-8">
            <PlanCards href={ROUTES.checkout} currentPlan={actor.plan} />
          </div>
          <InvoiceList billing={billing} />
        </div>
      );
    }
    case "creditusage":
      return <CreditUsage history={await creditHistory(actor, parseWith(creditHistoryQuerySchema, { page }).page)} />;
    case "domainsetting":
      return <DomainSettings adminId={actor.id} initial={await ownDomainState(actor)} target={cnameTarget()} />;
    case "export":
      return (
        <>
          <StudioExport initial={await exportState(actor)} />
          <StudioImport initial={await importState(actor)} empty={await isEmptyStudio(actor.id)} />
        </>
      );
    case "api":
      return <ApiKeys initial={await listApiKeys(actor)} />;
    case "webhooks":
      return <Webhooks initial={await listEndpoints(actor)} />;
  }
}
