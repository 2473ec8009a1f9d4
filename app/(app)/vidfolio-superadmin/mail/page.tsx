import type { Metadata } from "next";
import { MailBody } from "@/components/admin/mail-body";
import { RecordsControls, SuperadminShell } from "@/components/admin/superadmin-shell";
import { DateTime } from "@/components/ui/date-time";
import { superadminPage } from "@/lib/auth/pages";
import { ROUTES } from "@/lib/routes";
import { paymentsConfigured } from "@/lib/payments";
import { listMail } from "@/lib/services/platform";
import { recordsQuerySchema } from "@/lib/validation/records";

export const metadata: Metadata = { title: "Mail outbox", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATUS_LOOK: Record<string, string> = { SENT: "bg-emerald-100 text-emerald-800", FAILED: "bg-red-100 text-red-800", QUEUED: "bg-amber-100 text-amber-900" };

export default async function MailOutboxPage({ searchParams }: Props) {
  const actor = await superadminPage();
  const query = recordsQuerySchema.parse(await searchParams);
  const list = await listMail(actor, query);
  return (
    <SuperadminShell
      paymentsOff={!paymentsConfigured()}
      current={ROUTES.superadminMail}
      title="Mail outbox"
      intro="Every email the app sent or tried to send, newest first. Every link’s parameters (personal links, one-time links, signatures) are hidden."
    >
      <RecordsControls base={ROUTES.superadminMail} q={query.q} page={list.page} pages={list.pages} total={list.total} label="Search by recipient, subject or error" />
      {list.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-10 text-center text-sm text-zinc-600">No emails{query.q ? " match this search" : " yet"}.</p>
      ) : (
        <ul className="mt-6 divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white" data-testid="mail-list">
          {list.rows.map((m) => (
            <li key={m.id} className="px-4 py-3" data-testid="mail-row">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_LOOK[m.status] ?? ""}`}>{m.status}</span>
                  <span className="min-w-0 flex-1 font-medium break-words text-zinc-900">{m.subject}</span>
                  <span className="literal break-all text-zinc-600">{m.to}</span>
                  <span className="text-xs text-zinc-500">
                    <DateTime value={m.createdAt} />
                  </span>
                </summary>
                {m.error && <p className="mt-2 text-sm text-red-700">{m.error}</p>}
                <MailBody subject={m.subject} html={m.html} text={m.text} />
                <p className="mt-1 text-xs text-zinc-500">
                  via {m.provider}
                  {m.sentAt ? " · sent" : ""}
                </p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </SuperadminShell>
  );
}
