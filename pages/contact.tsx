import type { PageConfig } from "next";
import { MarketingFrame } from "@/components/marketing/marketing-frame";
import { Mail, MapPin, Phone } from "lucide-react";
import { COMPANY } from "@/lib/services/platform/rules/company";

// Sent without any script (components/marketing/marketing-frame.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };

export default function ContactPage() {
  return (
    <MarketingFrame path="/contact" title={"Contact"}>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">Contact</h1>
        <p className="mt-3 max-w-xl text-zinc-600">Questions about plans, a gallery or your domain? We answer within one business day.</p>
        <div className="mt-10 grid gap-8 md:grid-cols-[1fr_1.4fr]">
          <dl className="space-y-6">
            <ContactItem icon={MapPin} label="Postal address">
              <address className="not-italic text-zinc-600">
                {COMPANY.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </ContactItem>
            <ContactItem icon={Mail} label="Email">
              <a className="text-brand-700 underline-offset-2 hover:underline" href={`mailto:${COMPANY.email}`}>
                {COMPANY.email}
              </a>
            </ContactItem>
            <ContactItem icon={Phone} label="Phone">
              <a className="text-brand-700 underline-offset-2 hover:underline" href={COMPANY.phoneHref}>
                {COMPANY.phone}
              </a>
            </ContactItem>
          </dl>
          <div className="overflow-hidden rounded-2xl border border-zinc-200 bg-zinc-100">
            <iframe title="Map showing the Vidfolio office" src={COMPANY.map.embedUrl} className="h-80 w-full md:h-96" loading="lazy" referrerPolicy="no-referrer" />
            <a href={COMPANY.map.linkUrl} className="block px-4 py-2 text-sm text-zinc-600 hover:text-zinc-900" target="_blank" rel="noreferrer">
              Open a larger map
            </a>
          </div>
        </div>
      </section>
    </MarketingFrame>
  );
}

function ContactItem({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-4 font-semibold">
        <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        {label}
      </dt>
      <dd className="pl-9">{children}</dd>
    </div>
  );
}
