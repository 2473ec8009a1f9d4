"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { CheckCircle2, Globe, RefreshCw } from "lucide-react";
import { api, ApiError } from "@/lib/api-client";
import { buttonClass } from "@/components/ui/button";
import { TEXTS } from "@/lib/texts";
import { domainSchema } from "@/lib/validation/domains";

type Props = { adminId: string; domain: string | null; target: string };
type Dns = { status: "ok" | "wrong-target" | "missing" | "timeout" | "error"; message: string };

/** Spec §2 Domain setting: add or remove the studio's gallery domain, with the DNS instructions. */
export function DomainSettings({ adminId, domain: initial, target }: Props) {
  const router = useRouter();
  const [domain, setDomain] = useState(initial);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dns, setDns] = useState<Dns | null>(null);

  async function save(next: string | null) {
    setBusy(true);
    setError(null);
    setDns(null);
    try {
      const res = await api<{ domainurl: string | null }>(`admin/update-domain/${adminId}`, { method: "PUT", body: { domainurl: next } });
      setDomain(res.domainurl);
      setDraft("");
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  function add(e: React.FormEvent) {
    e.preventDefault();
    if (!draft.trim()) return; // spec §5: empty or whitespace input is ignored
    const parsed = domainSchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TEXTS.domain.invalid);
    void save(parsed.data);
  }

  async function check() {
    setBusy(true);
    setDns(null);
    try {
      setDns(await api<Dns>("admin/check-domain", { method: "POST" }));
    } catch (e) {
      setDns({ status: "error", message: e instanceof ApiError ? e.message : TEXTS.domain.dnsFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div>
        {domain ? (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-5" data-testid="domain-current">
            <p className="flex items-center gap-2 text-lg font-semibold break-all text-zinc-900">
              <Globe className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" />
              {domain}
            </p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-emerald-800">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {TEXTS.domainActive}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className={buttonClass("outline")} onClick={check} disabled={busy}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {TEXTS.domain.checkDns}
              </button>
              <button type="button" className={buttonClass("danger")} onClick={() => save(null)} disabled={busy}>
                {TEXTS.domain.removeDomain}
              </button>
            </div>
            {dns && (
              <p role="status" data-testid="dns-result" className={`mt-3 text-sm ${dns.status === "ok" ? "text-emerald-800" : "text-amber-800"}`}>
                {dns.message}
              </p>
            )}
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
          <li>Keep your MX records as they are, so your email keeps working.</li>
          <li>Allow up to 48 hours for the change to propagate, then use Check DNS.</li>
        </ol>
      </aside>
    </div>
  );
}
