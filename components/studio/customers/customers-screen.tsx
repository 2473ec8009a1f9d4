"use client";
import { useState } from "react";
import Link from "next/link";
import { toast } from "sonner";
import { Search, Upload, UserPlus } from "lucide-react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { CustomerFields, EMPTY_DRAFT, draftBody, type CustomerDraft } from "@/components/studio/customers/customer-fields";
import { CustomerImport } from "@/components/studio/customers/customer-import";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { customerPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { CustomerListDto } from "@/lib/contract/customers";

const T = TEXTS.customers;

/** Clients: the studio's customers newest first, a search, Show more, "Add client" and "Import CSV". */
export function CustomersScreen({ initial }: { initial: CustomerListDto }) {
  const [list, setList] = useState(initial);
  const [q, setQ] = useState("");
  const [searched, setSearched] = useState("");
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);

  async function load(query: string, cursor?: string) {
    setBusy(true);
    try {
      const page = await apiCall(doors.customers.list, { query: { ...(query ? { q: query } : {}), ...(cursor ? { cursor } : {}) } });
      setList((l) => (cursor ? { customers: [...l.customers, ...page.customers], next: page.next } : page));
      setSearched(query);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-zinc-900">{T.heading}</h1>
          <p className="mt-1 max-w-xl text-sm text-zinc-600">{T.intro}</p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonClass("outline")} onClick={() => setImporting(true)}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {T.importCsv}
          </button>
          <button type="button" className={buttonClass("primary")} onClick={() => setAdding(true)}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            {T.add}
          </button>
        </div>
      </div>

      <form
        role="search"
        className="mt-6 flex max-w-md gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void load(q.trim());
        }}
      >
        <label htmlFor="customer-search" className="sr-only">
          {T.searchLabel}
        </label>
        <input
          id="customer-search"
          type="search"
          value={q}
          placeholder={T.searchPlaceholder}
          onChange={(e) => setQ(e.target.value)}
          className="block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" className={buttonClass("outline")} aria-label={T.searchLabel} disabled={busy}>
          <Search className="h-4 w-4" aria-hidden="true" />
        </button>
      </form>

      {list.customers.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-zinc-300 bg-white p-6 text-sm text-zinc-600">{searched ? T.emptySearch : T.empty}</p>
      ) : (
        <ul className="mt-6 divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white" aria-label={T.listLabel} data-testid="customer-list">
          {list.customers.map((c) => (
            <li key={c.id}>
              <Link href={customerPath(c.id)} className="flex flex-col gap-0.5 px-4 py-3 hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:flex-row sm:items-center sm:gap-4">
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-900">{c.name}</span>
                <span className="min-w-0 truncate text-sm text-zinc-600 sm:w-64">{c.email}</span>
                <span className="text-xs text-zinc-500 sm:w-24 sm:text-right">{T.galleriesCount(c.galleries)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.next && (
        <button type="button" className={`${buttonClass("outline")} mt-4`} disabled={busy} onClick={() => void load(searched, list.next!)}>
          {T.more}
        </button>
      )}

      <AddCustomer
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          void load(searched);
        }}
      />
      <CustomerImport open={importing} onClose={() => setImporting(false)} onImported={() => void load(searched)} />
    </main>
  );
}

/** "Add client": the fields in a dialog; the door's refusal (a taken e-mail) shown in it. */
function AddCustomer({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const [draft, setDraft] = useState<CustomerDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await apiCall(doors.customers.create, { body: draftBody(draft) });
      toast.success(T.added);
      setDraft(EMPTY_DRAFT);
      onAdded();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={T.addTitle} width={560}>
      <form onSubmit={submit} noValidate>
        <CustomerFields draft={draft} onChange={setDraft} idPrefix="new-customer" />
        <FormError message={error} className="mt-4" />
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass("outline")} onClick={onClose}>
            {T.cancel}
          </button>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? T.saving : T.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
