"use client";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { queryKeys } from "@/lib/browser/query-keys";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { useConfirm } from "@/components/ui/confirm";
import { formatDateTime } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { MAX_ENDPOINTS, OFFERED_EVENTS, WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";
import type { CreatedWebhookEndpoint, WebhookEndpointView } from "@/lib/contract/integrations";
import { WebhookDeliveries } from "@/components/account/webhook-deliveries";

const t = TEXTS.webhooks;
const input = "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

function statusOf(e: WebhookEndpointView): { label: string; tone: string } {
  if (!e.enabled) return { label: e.disabledAt ? t.disabledAfterFailures(formatDateTime(e.disabledAt)) : t.disabled, tone: "text-zinc-600" };
  if (e.failingSince) return { label: t.failingSince(formatDateTime(e.failingSince)), tone: "text-amber-800" };
  return { label: t.enabled, tone: "text-emerald-800" };
}

/** Account → Webhooks (signed webhooks): add an endpoint (its secret shown once), enable, disable, delete, and each one's delivery log. */
export function Webhooks({ initial }: { initial: WebhookEndpointView[] }) {
  const confirm = useConfirm();
  const [endpoints, setEndpoints] = useState(initial);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const client = useQueryClient();

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (events.length === 0) return setError(t.pickEvent);
    setBusy(true);
    setError(null);
    try {
      const { endpoint } = await apiCall(doors.webhooks.create, { body: { url: url.trim(), events } });
      const { secret: _secret, ...shown } = endpoint;
      setEndpoints((prev) => [...prev, shown]);
      setCreated(endpoint);
      setCopied(false);
      setUrl("");
      setEvents([]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : TEXTS.badRequest);
    } finally {
      setBusy(false);
    }
  }

  async function setEnabled(endpoint: WebhookEndpointView, enabled: boolean) {
    try {
      const res = await apiCall(doors.webhooks.update, { params: { endpointId: endpoint.id }, body: { enabled } });
      setEndpoints((prev) => prev.map((e) => (e.id === endpoint.id ? res.endpoint : e)));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.badRequest);
    }
  }

  async function remove(endpoint: WebhookEndpointView) {
    if (!(await confirm(t.deleteBody, { title: t.deleteTitle, confirmLabel: t.delete }))) return;
    try {
      await apiCall(doors.webhooks.remove, { params: { endpointId: endpoint.id } });
      setEndpoints((prev) => prev.filter((e) => e.id !== endpoint.id));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.badRequest);
    }
  }

  /** "Send test event": one signed webhook.test now; says how the endpoint answered and opens its log. */
  async function sendTest(endpoint: WebhookEndpointView) {
    if (testing) return;
    setTesting(endpoint.id);
    try {
      const { delivery } = await apiCall(doors.webhooks.test, { params: { endpointId: endpoint.id } });
      if (delivery.status === "delivered") toast.success(t.testDelivered(delivery.lastStatus ?? 200));
      else toast.error(t.testFailed(delivery.lastError ?? t.noAnswer));
      setOpen(endpoint.id);
      await client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(endpoint.id) });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.badRequest);
    } finally {
      setTesting(null);
    }
  }

  async function copySecret() {
    if (!created) return;
    await navigator.clipboard.writeText(created.secret).catch(() => {});
    setCopied(true);
  }

  const toggleEvent = (type: WebhookEventType, on: boolean) => setEvents((prev) => (on ? [...prev, type] : prev.filter((x) => x !== type)));

  return (
    <div data-testid="webhooks">
      <p className="max-w-prose text-sm text-zinc-600">{t.intro}</p>

      <form onSubmit={(e) => void add(e)} className="mt-6 max-w-xl space-y-4 rounded-xl border border-zinc-200 p-4" aria-labelledby="webhook-add-heading" noValidate>
        <h2 id="webhook-add-heading" className="font-semibold">
          {t.add}
        </h2>
        <div>
          <label htmlFor="webhook-url" className="text-sm font-medium">
            {t.url}
          </label>
          <input
            id="webhook-url"
            type="url"
            required
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            className={input}
            aria-describedby={error ? "webhook-error" : undefined}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{t.events}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {OFFERED_EVENTS.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 focus-visible:outline-2 focus-visible:outline-offset-2"
                  checked={events.includes(type)}
                  onChange={(e) => toggleEvent(type, e.target.checked)}
                />
                <span>
                  <span className="font-mono text-xs">{type}</span>
                  <span className="block text-xs text-zinc-500">{WEBHOOK_EVENTS[type].about}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormError id="webhook-error" message={error} />
        <button type="submit" disabled={busy || endpoints.length >= MAX_ENDPOINTS} className={buttonClass("primary")}>
          {busy ? t.creating : t.create}
        </button>
        {endpoints.length >= MAX_ENDPOINTS && <p className="text-xs text-zinc-500">{t.atMost(MAX_ENDPOINTS)}</p>}
      </form>

      <ul className="mt-8 space-y-4" aria-label={t.title}>
        {endpoints.length === 0 && <li className="text-sm text-zinc-500">{t.none}</li>}
        {endpoints.map((e) => {
          const status = statusOf(e);
          return (
            <li key={e.id} className="rounded-xl border border-zinc-200 p-4" data-testid="webhook-endpoint">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all">{e.url}</p>
                  <p className="mt-1 text-xs text-zinc-500">{e.events.join(", ")}</p>
                  <p className={`mt-1 text-xs font-medium ${status.tone}`} data-testid="webhook-status">
                    {status.label}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button type="button" className={buttonClass("outline", "px-3 py-1.5 text-xs")} aria-expanded={open === e.id} onClick={() => setOpen(open === e.id ? null : e.id)}>
                    {t.deliveries}
                  </button>
                  {e.enabled && (
                    <button type="button" className={buttonClass("outline", "px-3 py-1.5 text-xs")} disabled={testing !== null} onClick={() => void sendTest(e)}>
                      {testing === e.id ? t.sendingTest : t.sendTest}
                    </button>
                  )}
                  <button type="button" className={buttonClass("outline", "px-3 py-1.5 text-xs")} onClick={() => void setEnabled(e, !e.enabled)}>
                    {e.enabled ? t.disable : t.enable}
                  </button>
                  <button type="button" className={buttonClass("ghost", "px-3 py-1.5 text-xs text-red-700")} onClick={() => void remove(e)}>
                    {t.delete}
                  </button>
                </div>
              </div>
              {open === e.id && <WebhookDeliveries endpointId={e.id} canReplay={e.enabled} />}
            </li>
          );
        })}
      </ul>

      <Dialog
        open={created !== null}
        onOpenChange={(o) => !o && setCreated(null)}
        title={t.secretTitle}
        description={t.secretOnce}
        footer={
          <button type="button" className={buttonClass("primary")} onClick={() => setCreated(null)}>
            {t.done}
          </button>
        }
      >
        <div className="mt-4 flex items-center gap-2">
          <code className="min-w-0 flex-1 rounded-lg bg-zinc-100 px-3 py-2 font-mono text-xs break-all" data-testid="webhook-secret">
            {created?.secret}
          </code>
          <button type="button" className={buttonClass("outline", "px-3 py-1.5 text-xs")} onClick={() => void copySecret()}>
            {copied ? t.copied : t.copy}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
