// The development preview of every mail (lib/mail/previews.tsx): each rendered with sample data
// as it is sent, the HTML in a sandboxed frame and its plain-text alternative. Development only:
// anywhere NODE_ENV is "production" (a production build, `npm start`) it is a 404.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MAIL_PREVIEWS } from "@/lib/mail/previews";
import { proxyEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Mail previews", robots: { index: false, follow: false } };

// Decided at every request, never at build time.
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MailPreviewsPage({ searchParams }: Props) {
  if (proxyEnv().NODE_ENV === "production") notFound();
  const only = (await searchParams).mail;
  const shown = typeof only === "string" ? MAIL_PREVIEWS.filter((m) => m.id === only) : MAIL_PREVIEWS;
  if (shown.length === 0) notFound();
  const rendered = await Promise.all(shown.map(async (m) => ({ ...m, mail: await m.render() })));
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Mail previews</h1>
      <p className="mt-1 text-sm text-zinc-600">Every mail Vidfolio sends, rendered with sample data (development only; the list is lib/mail/previews.tsx).</p>
      <nav className="mt-6 flex flex-wrap gap-2 text-sm" aria-label="Mails">
        <Link href="/dev/mails" className="rounded-full border border-zinc-300 px-3 py-1 hover:bg-zinc-100">
          All
        </Link>
        {MAIL_PREVIEWS.map((m) => (
          <Link key={m.id} href={`/dev/mails?mail=${m.id}`} className="rounded-full border border-zinc-300 px-3 py-1 hover:bg-zinc-100">
            {m.label}
          </Link>
        ))}
      </nav>
      {rendered.map((m) => (
        <section key={m.id} id={m.id} className="mt-10 border-t border-zinc-200 pt-6" data-testid="mail-preview">
          <h2 className="text-lg font-semibold">
            <a href={`#${m.id}`}>{m.label}</a>
          </h2>
          <p className="text-sm text-zinc-600">
            {m.when} <span className="font-mono text-xs">{m.source}</span>
          </p>
          <p className="mt-3 text-sm">
            <span className="text-zinc-500">Subject: </span>
            <strong>{m.mail.subject}</strong>
          </p>
          <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <iframe title={`${m.label} (HTML)`} srcDoc={m.mail.html} sandbox="" className="h-[720px] w-full rounded-lg border border-zinc-200 bg-white" />
            <pre className="h-[720px] overflow-auto rounded-lg bg-zinc-50 p-3 text-xs whitespace-pre-wrap text-zinc-700">{m.mail.text}</pre>
          </div>
        </section>
      ))}
    </main>
  );
}
