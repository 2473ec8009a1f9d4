import type { PageConfig } from "next";
import { MarketingFrame } from "@/components/marketing/marketing-frame";
import { Clapperboard, Globe2, Gauge, ListVideo, Palette, ShieldCheck } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { PlanCards } from "@/components/marketing/plan-cards";
import { ProductTour } from "@/components/marketing/product-tour";
import { ROUTES } from "@/lib/routes";

const FEATURES = [
  { icon: Palette, title: "Galleries in your style", text: "Headings, fonts, a background image or film, ambient music and a showcase of your best cuts." },
  { icon: Globe2, title: "On your own domain", text: "Deliver on films.yourstudio.com with your logo, favicon and links — no Vidfolio branding on Pro plans." },
  { icon: Gauge, title: "Streams that start fast", text: "Adaptive playback on phones, laptops and TVs, with Chromecast and AirPlay for the big screen." },
  { icon: ListVideo, title: "Chapters and highlights", text: "Mark the ceremony, the speeches and the first dance so your couple jumps straight there." },
  { icon: Clapperboard, title: "Uploads that finish", text: "Multi-gigabyte masters upload in parallel parts, resume after a drop, and never double-charge." },
  { icon: ShieldCheck, title: "Private by default", text: "Galleries are unlisted, with optional passwords and expiry dates for sensitive projects." },
];

const AUDIENCES = ["Weddings & life events", "Theatre & dance recitals", "Commercial projects", "Real estate", "Courses & education"];

// Sent without any script (components/marketing/marketing-frame.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };

export default function HomePage() {
  return (
    <MarketingFrame path="/">
      <section className="relative overflow-hidden bg-ink-900 text-white">
        {/* The glow is a radial gradient, not a blurred circle: a 64 px blur filter costs a phone hundreds of ms of paint. */}
        <div
          className="pointer-events-none absolute -top-40 right-0 h-[520px] w-[520px] rounded-full bg-[radial-gradient(circle,rgb(249_115_22/0.2)_0%,rgb(249_115_22/0.08)_45%,transparent_70%)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 md:grid-cols-2 md:py-28">
          <div>
            <p className="mb-4 inline-flex rounded-full border border-white/15 px-3 py-1 text-xs font-medium text-brand-200">Film delivery for professional videographers</p>
            <h1 className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">Deliver your films the way they deserve to be seen.</h1>
            <p className="mt-5 max-w-lg text-lg text-zinc-300">
              Upload, style and send a branded gallery to every client, on your own domain. They review and approve each cut, pay you before they watch, and see it all in their own language.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={ROUTES.signup} className={buttonClass("primary", "px-6 py-3 text-base")}>
                Get started
              </a>
              <a href={ROUTES.pricing} className={buttonClass("outline", "border-white/20 bg-transparent px-6 py-3 text-base text-white hover:bg-white/10")}>
                See pricing
              </a>
            </div>
          </div>
          <GalleryMock />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6" aria-labelledby="tour">
        <h2 id="tour" className="text-3xl font-bold tracking-tight">
          From the first cut to the paid delivery
        </h2>
        <p className="mt-3 max-w-2xl text-zinc-600">Real screens of Vidfolio, made from its demo studio.</p>
        <ProductTour />
      </section>

      <section className="border-t border-zinc-200" aria-labelledby="features">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="features" className="text-3xl font-bold tracking-tight">
            Everything between the final export and a happy client
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-zinc-200 p-6">
                <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-zinc-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="border-y border-zinc-200 bg-zinc-50" aria-labelledby="audiences">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="audiences" className="text-center text-sm font-semibold uppercase tracking-widest text-zinc-500">
            Made for studios who film
          </h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            {AUDIENCES.map((a) => (
              <li key={a} className="rounded-full border border-zinc-200 bg-white px-4 py-2 text-sm font-medium text-zinc-700">
                {a}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6" aria-labelledby="plans">
        <div className="mb-10 text-center">
          <h2 id="plans" className="text-3xl font-bold tracking-tight">
            Simple plans, storage you control
          </h2>
          <p className="mt-3 text-zinc-600">Buy credits as you go, or subscribe for a full year of uploads.</p>
        </div>
        <PlanCards />
      </section>
    </MarketingFrame>
  );
}

function GalleryMock() {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/5 p-3 shadow-2xl" aria-hidden="true">
      <div className="overflow-hidden rounded-xl bg-gradient-to-br from-amber-200 via-rose-300 to-indigo-400 p-6">
        <p className="font-serif text-2xl text-white drop-shadow">Emma &amp; James</p>
        <p className="text-sm text-white/90">June 14 · Lake Como</p>
        <div className="mt-6 grid grid-cols-3 gap-2">
          {["from-zinc-800 to-zinc-600", "from-rose-900 to-rose-600", "from-indigo-900 to-indigo-600", "from-amber-900 to-amber-600", "from-emerald-900 to-emerald-600", "from-sky-900 to-sky-600"].map(
            (g) => (
              <div key={g} className={`grid aspect-video place-items-center rounded-md bg-gradient-to-br ${g}`}>
                <svg viewBox="0 0 24 24" className="h-4 w-4 fill-white/80">
                  <path d="M8 5.5v13l10.5-6.5L8 5.5z" />
                </svg>
              </div>
            ),
          )}
        </div>
      </div>
    </div>
  );
}
