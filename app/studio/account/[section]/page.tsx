import { notFound } from "next/navigation";
import Link from "next/link";
import { studioPage } from "@/lib/auth/pages";
import { ACCOUNT_SECTIONS, accountPath } from "@/lib/routes";
import { adminDetails } from "@/lib/services/accounts";
import { bytesToMb, formatCredits } from "@/lib/format";
import { PLAN_LABELS } from "@/lib/plans";

type Props = { params: Promise<{ section: string }> };

export default async function AccountPage({ params }: Props) {
  const { section } = await params;
  const current = ACCOUNT_SECTIONS.find((s) => s.slug === section);
  if (!current) notFound();
  const actor = await studioPage();
  const details = adminDetails(actor);

  return (
    <div className="mx-auto flex max-w-6xl gap-8 px-4 py-8 sm:px-6">
      <nav aria-label="Account sections" className="w-56 shrink-0">
        <ul className="space-y-1">
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.slug}>
              <Link
                href={accountPath(s.slug)}
                aria-current={s.slug === section ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${
                  s.slug === section ? "bg-white font-semibold text-zinc-900 shadow-sm" : "text-zinc-600 hover:bg-white"
                }`}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="flex-1 rounded-2xl border border-zinc-200 bg-white p-6">
        <h1 className="text-2xl font-bold tracking-tight">{current.label}</h1>
        <dl className="mt-6 grid max-w-lg grid-cols-[10rem_1fr] gap-y-3 text-sm">
          <dt className="text-zinc-500">Name</dt>
          <dd>{details.name}</dd>
          <dt className="text-zinc-500">Email</dt>
          <dd>{details.email}</dd>
          <dt className="text-zinc-500">Company</dt>
          <dd>{details.companyName || "—"}</dd>
          <dt className="text-zinc-500">Plan</dt>
          <dd>{PLAN_LABELS[actor.plan]}</dd>
          <dt className="text-zinc-500">Credit balance</dt>
          <dd>{formatCredits(bytesToMb(actor.creditBytes))}</dd>
        </dl>
      </section>
    </div>
  );
}
