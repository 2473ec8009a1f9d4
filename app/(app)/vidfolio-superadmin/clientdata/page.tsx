import type { Metadata } from "next";
import { ClientTable } from "@/components/admin/client-table";
import { SuperadminShell } from "@/components/admin/superadmin-shell";
import { superadminPage } from "@/lib/auth/pages";
import { ROUTES } from "@/lib/routes";
import { paymentsConfigured } from "@/lib/payments";

export const metadata: Metadata = { title: "Clients", robots: { index: false } };

export default async function ClientDataPage() {
  await superadminPage();
  return (
    <SuperadminShell paymentsOff={!paymentsConfigured()} current={ROUTES.superadminHome} title="Clients" intro="Approve new studios, edit their accounts, or sign in as one to help.">
      <ClientTable />
    </SuperadminShell>
  );
}
