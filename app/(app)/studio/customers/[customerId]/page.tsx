import { notFound } from "next/navigation";
import { CustomerScreen } from "@/components/studio/customers/customer-screen";
import { studioPage } from "@/lib/auth/pages";
import { getCustomer, linkableGalleries } from "@/lib/services/customers";
import { isId } from "@/lib/ids";
import { AppError } from "@/lib/errors";

type Props = { params: Promise<{ customerId: string }> };

/** A client's page: details, notes and galleries; another studio's client (or no such id) is the 404 page. */
export default async function CustomerPage({ params }: Props) {
  const { customerId } = await params;
  if (!isId(customerId)) notFound();
  const actor = await studioPage();
  const [details, galleries] = await Promise.all([
    getCustomer(actor, customerId.toLowerCase()).catch((e: unknown) => {
      if (e instanceof AppError && e.code === "not_found") return null;
      throw e;
    }),
    linkableGalleries(actor),
  ]);
  if (!details) notFound();
  return <CustomerScreen initial={details} galleries={galleries} />;
}
