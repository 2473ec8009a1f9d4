// The /about and /company pages: a title, a lead paragraph and a few headed sections of copy (lib/texts/marketing.ts).
import type { ProsePage as Page } from "@/lib/texts/marketing";

export function ProsePage({ page }: { page: Page }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-6 text-xl leading-relaxed text-zinc-700">{page.lead}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-12">
          <h2 className="text-2xl font-semibold tracking-tight">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-4 text-lg leading-relaxed text-zinc-600">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
