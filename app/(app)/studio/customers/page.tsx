import { CustomersScreen } from "@/components/studio/customers/customers-screen";
import { studioPage } from "@/lib/auth/pages";
import { listCustomers } from "@/lib/services/customers";

/** Clients: the studio's customers, newest first (GET /api/customers's first page). */
export default async function CustomersPage() {
  const actor = await studioPage();
  return <CustomersScreen initial={await listCustomers(actor, { limit: 50 })} />;
}
