import type { Metadata } from "next";
import { Logo } from "@/components/ui/logo";
import { LogoutButton } from "@/components/ui/logout-button";
import { superadminPage } from "@/lib/auth/pages";
import { listClients } from "@/lib/services/clients";
import { bytesToMb, formatAdminCreditUnits } from "@/lib/format";
import { PLAN_LABELS } from "@/lib/plans";
import { STATUS_LABELS } from "@/lib/labels";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Clients", robots: { index: false } };

export default async function ClientDataPage() {
  const actor = await superadminPage();
  const clients = await listClients(actor);
  return (
    <div className="min-h-screen bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="flex h-16 items-center justify-between px-4 sm:px-6">
          <Logo href={ROUTES.superadminHome} />
          <LogoutButton callbackUrl={ROUTES.superadminLogin} />
        </div>
      </header>
      <main className="px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">Clients</h1>
        <div className="mt-6 overflow-x-auto rounded-xl border border-zinc-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500">
              <tr>
                {["Name", "Email", "Company", "Status", "Plan", "Credits"].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {clients.map((c) => (
                <tr key={c.id}>
                  <td className="px-4 py-3 font-medium">{c.name}</td>
                  <td className="px-4 py-3">{c.email}</td>
                  <td className="px-4 py-3">{c.companyName}</td>
                  <td className="px-4 py-3">{STATUS_LABELS[c.status]}</td>
                  <td className="px-4 py-3">{PLAN_LABELS[c.plan]}</td>
                  <td className="px-4 py-3 tabular-nums">{formatAdminCreditUnits(bytesToMb(c.creditBytes))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </main>
    </div>
  );
}
