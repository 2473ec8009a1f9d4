"use client";
import { useState } from "react";
import { toast } from "sonner";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import type { CustomerImportDto } from "@/lib/contract/customers";

const T = TEXTS.customers;

/** "Import CSV": a file read in the browser and sent as text; the rows imported and each refused row with its reason. */
export function CustomerImport({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CustomerImportDto | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setResult(null);
    setError(null);
    setFile(null);
    onClose();
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiCall(doors.customers.import, { body: { csv: await file.text() } });
      setResult(answer);
      toast.success(T.importDone(answer.created));
      onImported();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title={T.importTitle} width={560}>
      {result ? (
        <div data-testid="import-report">
          <p className="text-sm font-medium text-zinc-900">{T.importDone(result.created)}</p>
          {result.refused.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-zinc-900">{T.refusedHeading(result.refused.length)}</h3>
              <ul className="mt-2 max-h-64 list-disc overflow-y-auto pl-5 text-sm text-zinc-700">
                {result.refused.map((r) => (
                  <li key={r.row}>{T.refusedRow(r.row, r.reason)}</li>
                ))}
              </ul>
            </>
          )}
          <div className="mt-6 flex justify-end">
            <button type="button" className={buttonClass("primary")} onClick={close}>
              {TEXTS.customers.close}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="text-sm text-zinc-600">{T.importHelp}</p>
          <label className="mt-4 block text-sm font-medium text-zinc-700" htmlFor="customer-csv">
            {T.importFile}
            <input id="customer-csv" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="mt-1.5 block w-full text-sm" />
          </label>
          <FormError message={error} className="mt-4" />
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className={buttonClass("outline")} onClick={close}>
              {T.cancel}
            </button>
            <button type="submit" className={buttonClass("primary")} disabled={!file || busy}>
              {busy ? T.saving : T.importRun}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
