"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { AlertTriangle, CheckCircle2, Clock, Copy, Globe, RefreshCw } from "lucide-react";
import { copyText } from "@/components/studio/editor/copy-text";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { TEXTS } from "@/lib/texts";
import { domainSchema } from "@/lib/validation/domains";
import type { DomainState } from "@/lib/contract/domains";

type Props = { adminId: string; initial: DomainState; target: string };

const LOOK = {
  pending: { box: "border-amber-200 bg-amber-50/60", text: "text-amber-900", icon: Clock, label: TEXTS.domain.pendingLabel },
  verified: { box: "border-emerald-200 bg-emerald-50/60", text: "text-emerald-800", icon: CheckCircle2, label: null },
  "wrong-target": { box: "border-amber-200 bg-amber-50/60", text: "text-amber-900", icon: AlertTriangle, label: TEXTS.domain.wrongTargetLabel },
} as const;

/**
 * Spec §2 Domain setting: add or remove the studio's gallery domain. A domain shows one state —
 * waiting for verification, active ('Your domain is active.') or verified but pointing elsewhere —
 * with the two DNS records to create (CNAME to the gallery host, TXT with the studio's token).
 */
export function DomainSettings({ adminId, initial, target }: Props) {
  const router = useRouter();
  const [state, setState] = useState(initial);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<DomainState>) {
    setBusy(true);
    setError(null);
    try {
      setState(await call());
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  const save = (next: string | null) =>
    run(async () => {
      const res = await apiCall(doors.domains.update, { params: { adminId }, body: { domainurl: next } });
      setDraft("");
      return res;
    });

  function add(e: React.FormEvent) {
    e.preventDefault();
    if (!draft.trim()) return; // spec §5: empty or whitespace input is ignored
    const parsed = domainSchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TEXTS.domain.invalid);
    void save(parsed.data);
  }

  const look = state.status === "none" ? null : LOOK[state.status];
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div>
        {look && state.domainurl ? (
          <div className={`rounded-xl border p-5 ${look.box}`} data-testid="domain-current" data-status={state.status}>
            <p className="literal flex items-center gap-2 text-lg font-semibold break-all text-zinc-900">
              <Globe className="h-5 w-5 shrink-0 text-zinc-600" aria-hidden="true" />
              {state.domainurl}
            </p>
            {look.label && <p className={`mt-1 text-sm font-semibold ${look.text}`}>{look.label}</p>}
            <p role="status" data-testid="domain-state" className={`mt-1 flex items-start gap-1.5 text-sm ${look.text}`}>
              <look.icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{state.message}</span>
            </p>
            {state.checkedAt && (
              <p className="mt-1 text-xs text-zinc-600">
                {TEXTS.domain.lastChecked} <DateTime value={state.checkedAt} />.
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className={buttonClass("outline")} onClick={() => run(() => apiCall(doors.domains.check))} disabled={busy}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {TEXTS.domain.checkDns}
              </button>
              <button type="button" className={buttonClass("danger")} onClick={() => save(null)} disabled={busy}>
                {TEXTS.domain.removeDomain}
              </button>
            </div>
            <h2 className="mt-6 text-sm font-semibold text-zinc-900">{TEXTS.domain.recordsTitle}</h2>
            <div className="mt-2 overflow-x-auto rounded-lg border border-zinc-200 bg-white">
              <table className="w-full text-left text-sm">
                <thead className="bg-zinc-50 text-xs text-zinc-600">
                  <tr>
                    <th className="px-3 py-2 font-medium">{TEXTS.domain.recordType}</th>
                    <th className="px-3 py-2 font-medium">{TEXTS.domain.recordName}</th>
                    <th className="px-3 py-2 font-medium">{TEXTS.domain.recordValue}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.records.map((r) => (
                    <tr key={r.type} className="border-t border-zinc-100" data-testid={`record-${r.type.toLowerCase()}`}>
                      <td className="px-3 py-2 font-mono">{r.type}</td>
                      <td className="px-3 py-2">
                        <CopyCell type={r.type} part="name" text={r.name} />
                      </td>
                      <td className="px-3 py-2">
                        <CopyCell type={r.type} part="value" text={r.value} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : (
          <form onSubmit={add} noValidate>
            <label htmlFor="domain" className="block text-sm font-medium text-zinc-700">
              Custom domain
            </label>
            <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
              <input
                id="domain"
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(null);
                }}
                placeholder={TEXTS.domain.placeholder}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={!!error}
                aria-describedby={error ? "domain-error" : undefined}
                className="block w-full min-w-0 flex-1 rounded-lg border border-zinc-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                {TEXTS.domain.addDomain}
              </button>
            </div>
            <p className="mt-2 text-sm text-zinc-500" data-testid="domain-none">
              {TEXTS.domain.none}
            </p>
          </form>
        )}
        {error && (
          <p id="domain-error" role="alert" className="mt-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <aside aria-label="Setup instructions" className="rounded-xl bg-zinc-50 p-5 text-sm text-zinc-700">
        <h2 className="font-semibold text-zinc-900">How to connect your domain</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          <li>Sign in where your domain&apos;s DNS is managed (your registrar or DNS host).</li>
          <li>
            Add a <strong>CNAME</strong> record for your gallery domain (for example <code>gallery</code>) pointing to{" "}
            <code className="rounded bg-white px-1 py-0.5 break-all text-zinc-900" data-testid="cname-target">
              {target}
            </code>
            .
          </li>
          <li>
            Add a <strong>TXT</strong> record named <code>_vidfolio.</code> followed by your domain, with the value shown once you add the domain. It proves the domain is yours; your galleries answer
            on it only after it is found.
          </li>
          <li>Keep your MX records as they are, so your email keeps working.</li>
          <li>Allow up to 48 hours for the change to propagate. We check by ourselves, or use Check DNS.</li>
        </ol>
      </aside>
    </div>
  );
}

/** A DNS record's name or value, with its copy button (typing a 40-character token by hand goes wrong). */
function CopyCell({ type, part, text }: { type: string; part: "name" | "value"; text: string }) {
  return (
    <div className="flex items-start gap-2">
      <span className="min-w-0 flex-1 font-mono break-all">{text}</span>
      <button
        type="button"
        aria-label={TEXTS.domain.copyRecord(type, part)}
        title={TEXTS.domain.copyRecord(type, part)}
        className="grid h-7 w-7 shrink-0 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2"
        onClick={() =>
          copyText(text).then(
            () => toast.success(TEXTS.domain.recordCopied(type, part)),
            () => toast.error(TEXTS.domain.copyFailed),
          )
        }
      >
        <Copy className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
