"use client";
import { useState } from "react";
import { toast } from "sonner";
import { Dialog } from "@/components/ui/dialog";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { FormError } from "@/components/ui/form-error";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { API_SCOPES, type ApiScope } from "@/lib/services/platform/rules/api-scopes";
import { API_KEYS_MAX } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import type { ApiKeyView, NewApiKey } from "@/lib/contract/integrations";

const T = TEXTS.apiKeys;

/**
 * Account → API: the studio's API keys. Create one (a name, its scopes), see it once in a
 * dialog with a copy button, list them (prefix, scopes, created, last use), revoke one after a confirm.
 */
export function ApiKeys({ initial }: { initial: ApiKeyView[] }) {
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["read"]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const confirm = useConfirm();

  function toggle(scope: ApiScope, on: boolean) {
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  }

  async function create(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!name.trim()) return setError(T.nameRequired);
    if (scopes.length === 0) return setError(T.scopeRequired);
    setBusy(true);
    setError(null);
    try {
      const { key } = await apiCall(doors.apiKeys.create, { body: { name, scopes } });
      const { key: _secret, ...shown } = key;
      setKeys((k) => [shown, ...k]);
      setCreated(key);
      setName("");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKeyView) {
    if (!(await confirm(T.revokeConfirm(key.name), { title: T.revoke, confirmLabel: T.revoke }))) return;
    try {
      const { key: revoked } = await apiCall(doors.apiKeys.revoke, { params: { keyId: key.id } });
      setKeys((k) => k.map((x) => (x.id === revoked.id ? revoked : x)));
      toast.success(T.revoked);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(T.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key stays selectable in the dialog.
    }
  }

  const live = keys.filter((k) => !k.revokedAt).length;

  return (
    <div data-testid="api-keys">
      <p className="max-w-2xl text-sm text-zinc-600">{T.intro}</p>

      <form onSubmit={create} className="mt-6 max-w-xl space-y-4 rounded-xl border border-zinc-200 p-4" aria-labelledby="api-key-new">
        <h2 id="api-key-new" className="font-semibold">
          {T.create}
        </h2>
        <div>
          <label htmlFor="api-key-name" className="block text-sm font-medium">
            {T.name}
          </label>
          <input
            id="api-key-name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            placeholder={T.namePlaceholder}
            className="mt-1 w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2"
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{T.scopes}</legend>
          <ul className="mt-2 space-y-2">
            {API_SCOPES.map((scope) => (
              <li key={scope} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  id={`api-key-scope-${scope}`}
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  aria-describedby={`api-key-scope-${scope}-help`}
                  className="mt-1 h-4 w-4 focus-visible:outline-2 focus-visible:outline-offset-2"
                />
                <span className="text-sm">
                  <label htmlFor={`api-key-scope-${scope}`} className="font-mono font-medium">
                    {scope}
                  </label>{" "}
                  <span id={`api-key-scope-${scope}-help`} className="text-zinc-600">
                    {T.scopeHelp[scope]}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <FormError message={error} />
        <button type="submit" className={buttonClass("primary")} disabled={busy || live >= API_KEYS_MAX}>
          {busy ? T.creating : T.create}
        </button>
        {live >= API_KEYS_MAX && <p className="text-sm text-amber-800">{T.tooMany(API_KEYS_MAX)}</p>}
      </form>

      <h2 className="mt-8 font-semibold">{T.title}</h2>
      {keys.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">{T.none}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{T.title}</caption>
            <thead className="text-xs text-zinc-500 uppercase">
              <tr>
                {[T.name, T.prefix, T.scopes, T.created, T.lastUsed].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4">
                    {h}
                  </th>
                ))}
                <th scope="col" className="py-2">
                  <span className="sr-only">{T.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} className="border-t border-zinc-100" data-testid="api-key-row">
                  <td className="py-2 pr-4 font-medium">{k.name}</td>
                  <td className="py-2 pr-4 font-mono text-xs">{k.prefix}…</td>
                  <td className="py-2 pr-4">{k.scopes.join(", ")}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <DateTime value={k.createdAt} />
                  </td>
                  <td className="py-2 pr-4">
                    {k.lastUsedAt ? (
                      <>
                        <DateTime value={k.lastUsedAt} />
                        {k.lastUsedAddress && <span className="block text-xs text-zinc-500">{k.lastUsedAddress}</span>}
                      </>
                    ) : (
                      <span className="text-zinc-500">{T.neverUsed}</span>
                    )}
                  </td>
                  <td className="py-2 text-right">
                    {k.revokedAt ? (
                      <span className="text-xs text-zinc-500">{T.revokedOn}</span>
                    ) : (
                      <button type="button" className={buttonClass("outline", "px-3 py-1")} onClick={() => void revoke(k)} aria-label={`${T.revoke} ${k.name}`}>
                        {T.revoke}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog
        open={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
        title={T.createdTitle}
        description={T.createdOnce}
        width={560}
        footer={
          <>
            <button type="button" className={buttonClass("outline")} onClick={() => void copy()}>
              {T.copy}
            </button>
            <button type="button" className={buttonClass("primary")} onClick={() => setCreated(null)}>
              {T.done}
            </button>
          </>
        }
      >
        <label htmlFor="api-key-created" className="sr-only">
          {T.createdTitle}
        </label>
        <input
          id="api-key-created"
          readOnly
          value={created?.key ?? ""}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="api-key-secret"
          className="w-full rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-offset-2"
        />
      </Dialog>
    </div>
  );
}
