import type { Metadata } from "next";
import { Logo } from "@/components/ui/logo";
import { LogoutButton } from "@/components/ui/logout-button";
import { ClientTable } from "@/components/admin/client-table";
import { superadminPage } from "@/lib/auth/pages";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Clients", robots: { index: false } };

export default async function ClientDataPage() {
  await superadminPage();
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
        <p className="mt-1 text-sm text-zinc-600">Approve new studios, edit their accounts, or sign in as one to help.</p>
        <div className="mt-6">
          <ClientTable />
        </div>
      </main>
    </div>
  );
}
