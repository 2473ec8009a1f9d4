import type { Metadata } from "next";
import { RecordsControls, SuperadminShell } from "@/components/admin/superadmin-shell";
import { DateTime } from "@/components/ui/date-time";
import { superadminPage } from "@/lib/auth/pages";
import { ROUTES } from "@/lib/routes";
import { paymentsConfigured } from "@/lib/payments";
import { listAudit } from "@/lib/services/platform";
import { recordsQuerySchema } from "@/lib/validation/records";

export const metadata: Metadata = { title: "Audit log", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditLogPage({ searchParams }: Props) {
  const actor = await superadminPage();
  const query = recordsQuerySchema.parse(await searchParams);
  const list = await listAudit(actor, query);
  return (
    <SuperadminShell
      paymentsOff={!paymentsConfigured()}
      current={ROUTES.superadminAudit}
      title="Audit log"
      intro="Who did what, newest first: approvals, edits, deletions, sign-ins as a studio, password resets."
    >
      <RecordsControls base={ROUTES.superadminAudit} q={query.q} page={list.page} pages={list.pages} total={list.total} label="Search by person, action or account" />
      {list.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-10 text-center text-sm text-zinc-600">No entries{query.q ? " match this search" : " yet"}.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-zinc-200 bg-white">
          <table className="w-full min-w-[52rem] text-left text-sm" data-testid="audit-table">
            <thead className="bg-zinc-50 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  When
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Who
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Action
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Account
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {list.rows.map((r) => (
                <tr key={r.id} data-testid="audit-row">
                  <td className="px-4 py-2.5 whitespace-nowrap text-zinc-600">
                    <DateTime value={r.at} />
                  </td>
                  <td className="literal px-4 py-2.5 whitespace-nowrap">{r.actor}</td>
                  <td className="px-4 py-2.5 font-medium whitespace-nowrap">{r.action}</td>
                  <td className="literal px-4 py-2.5 break-all">{r.target ?? "—"}</td>
                  <td className="max-w-xs px-4 py-2.5 font-mono text-xs break-all text-zinc-600">{r.details ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SuperadminShell>
  );
}
