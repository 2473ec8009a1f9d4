"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ArrowLeft } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { useConfirm } from "@/components/ui/confirm";
import { StatusChips } from "@/components/studio/folders/gallery-card";
import { CustomerFields, draftBody, type CustomerDraft } from "@/components/studio/customers/customer-fields";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { galleryPath, ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { CustomerDetailsDto, CustomerDto } from "@/lib/contract/customers";

const T = TEXTS.customers;

/** A studio gallery the "Link a gallery" select offers, and the customer it is linked to now. */
type LinkableGallery = { id: string; name: string; customerId: string | null };

const draftOf = (c: CustomerDto): CustomerDraft => ({ name: c.name, email: c.email, phone: c.phone ?? "", language: c.language, notes: c.notes ?? "" });

/**
 * A client's page: their details and notes (editable), their galleries (link one, unlink), delete.
 * Each part is its own section under its heading, so agreements, invoices and payments join as
 * sections of their own.
 */
export function CustomerScreen({ initial, galleries }: { initial: CustomerDetailsDto; galleries: LinkableGallery[] }) {
  const router = useRouter();
  const confirm = useConfirm();
  const [customer, setCustomer] = useState(initial.customer);
  const [draft, setDraft] = useState(draftOf(initial.customer));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState("");

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { customer: saved } = await apiCall(doors.customers.update, { params: { customerId: customer.id }, body: draftBody(draft) });
      setCustomer(saved);
      setDraft(draftOf(saved));
      toast.success(T.detailsSaved);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      toast.success(done);
      router.refresh();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    }
  }

  async function remove() {
    if (!(await confirm(T.deleteConfirm(customer.name), { title: T.deleteClient, confirmLabel: T.deleteClient }))) return;
    try {
      const { message } = await apiCall(doors.customers.remove, { params: { customerId: customer.id } });
      toast.success(message);
      router.push(ROUTES.customers);
      router.refresh();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    }
  }

  const linked = new Set(initial.galleries.map((g) => g._id));
  const offered = galleries.filter((g) => !linked.has(g.id));

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link href={ROUTES.customers} className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {T.back}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold break-words text-zinc-900">{customer.name}</h1>
      <p className="mt-1 text-sm break-all text-zinc-600">{customer.email}</p>

      <section aria-labelledby="customer-details" className="mt-8 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6">
        <h2 id="customer-details" className="text-lg font-semibold text-zinc-900">
          {T.detailsHeading}
        </h2>
        <form onSubmit={save} noValidate className="mt-4">
          <CustomerFields draft={draft} onChange={setDraft} idPrefix="customer" />
          <FormError message={error} className="mt-4" />
          <div className="mt-4 flex justify-end">
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              {busy ? T.saving : T.save}
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby="customer-galleries" className="mt-6 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6">
        <h2 id="customer-galleries" className="text-lg font-semibold text-zinc-900">
          {T.galleriesHeading}
        </h2>
        {initial.galleries.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-600">{T.noGalleries}</p>
        ) : (
          <ul className="mt-3 divide-y divide-zinc-200" data-testid="customer-galleries">
            {initial.galleries.map((g) => (
              <li key={g._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link href={galleryPath(g._id, "videos")} className="font-medium break-words text-zinc-900 hover:underline">
                    {g.name}
                  </Link>
                  <StatusChips gallery={g} />
                </div>
                <button
                  type="button"
                  className={buttonClass("outline")}
                  aria-label={`${T.unlink} ${g.name}`}
                  onClick={() => void act(() => apiCall(doors.customers.unlink, { params: { customerId: customer.id, galleryId: g._id } }), T.unlinked)}
                >
                  {T.unlink}
                </button>
              </li>
            ))}
          </ul>
        )}
        {offered.length > 0 && (
          <form
            className="mt-4 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (choice) void act(() => apiCall(doors.customers.link, { params: { customerId: customer.id, galleryId: choice } }), T.linked).then(() => setChoice(""));
            }}
          >
            <label htmlFor="link-gallery" className="block min-w-0 flex-1 text-sm font-medium text-zinc-700">
              {T.linkLabel}
              <select
                id="link-gallery"
                value={choice}
                onChange={(e) => setChoice(e.target.value)}
                className="mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm text-zinc-900 shadow-sm focus:border-brand-500 focus:outline-none"
              >
                <option value="">{T.linkChoose}</option>
                {offered.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass("primary")} disabled={!choice}>
              {T.link}
            </button>
          </form>
        )}
      </section>

      <div className="mt-8 flex justify-end">
        <button type="button" className={buttonClass("danger")} onClick={() => void remove()}>
          {T.deleteClient}
        </button>
      </div>
    </main>
  );
}
