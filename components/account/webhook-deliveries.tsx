"use client";
import { Fragment, useState } from "react";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { queryKeys } from "@/lib/browser/query-keys";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { TEXTS } from "@/lib/texts";

const t = TEXTS.webhooks;
const STATUS_STYLE = { pending: "bg-amber-50 text-amber-900", delivered: "bg-emerald-50 text-emerald-900", failed: "bg-red-50 text-red-900" } as const;

/** One delivery's attempts, oldest first: each request (address, headers) and answer (status, first bytes), and the body they sent. */
function DeliveryAttempts({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const { data, isError } = useQuery({
    queryKey: [...queryKeys.webhookDeliveries(endpointId), deliveryId],
    queryFn: () => apiCall(doors.webhooks.delivery, { params: { endpointId, deliveryId } }),
  });
  if (isError) return <p className="text-xs text-red-600">{TEXTS.badRequest}</p>;
  if (!data) return <p className="text-xs text-zinc-500">…</p>;
  return (
    <div className="space-y-3 py-2" data-testid="webhook-attempts">
      {data.attempts.length === 0 && <p className="text-xs text-zinc-500">{t.noAttempts}</p>}
      <ol className="space-y-3">
        {data.attempts.map((a) => (
          <li key={a.number} className="rounded-lg border border-zinc-200 p-3 text-xs" data-testid="webhook-attempt">
            <p className="font-medium text-zinc-800">
              {t.attempt(a.number)} · <DateTime value={a.sentAt} /> · {a.latencyMs} ms
            </p>
            <div className="mt-2 grid gap-3 md:grid-cols-2">
              <div className="min-w-0">
                <p className="font-medium text-zinc-600">{t.request}</p>
                <p className="mt-1 font-mono break-all">POST {a.request.url}</p>
                <pre className="mt-1 overflow-x-auto rounded bg-zinc-50 p-2 font-mono whitespace-pre-wrap break-all">
                  {Object.entries(a.request.headers)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join("\n")}
                </pre>
              </div>
              <div className="min-w-0">
                <p className="font-medium text-zinc-600">{t.answer}</p>
                <p className="mt-1">
                  {a.status === null ? t.noAnswer : `HTTP ${a.status}`}
                  {a.error && a.error !== `HTTP ${a.status}` ? ` · ${a.error}` : ""}
                </p>
                {a.responseExcerpt && <pre className="mt-1 max-h-40 overflow-auto rounded bg-zinc-50 p-2 font-mono whitespace-pre-wrap break-all">{a.responseExcerpt}</pre>}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <details className="text-xs">
        <summary className="cursor-pointer font-medium text-zinc-600">{t.requestBody}</summary>
        <pre className="mt-1 max-h-60 overflow-auto rounded bg-zinc-50 p-2 font-mono whitespace-pre-wrap break-all">{data.body}</pre>
      </details>
    </div>
  );
}

/** An endpoint's delivery log (newest first, a page at a time) with Replay on each delivery, and each one's attempts. */
export function WebhookDeliveries({ endpointId, canReplay }: { endpointId: string; canReplay: boolean }) {
  const client = useQueryClient();
  const key = queryKeys.webhookDeliveries(endpointId);
  const { data, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => apiCall(doors.webhooks.deliveries, { params: { endpointId }, query: { limit: 20, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = data?.pages.flatMap((p) => p.deliveries) ?? null;
  const [shown, setShown] = useState<string | null>(null);

  async function replay(id: string) {
    try {
      await apiCall(doors.webhooks.replay, { params: { endpointId, deliveryId: id } });
      toast.success(t.replayed);
      await client.invalidateQueries({ queryKey: key });
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : TEXTS.badRequest);
    }
  }

  if (isError) return <p className="text-sm text-red-600">{TEXTS.badRequest}</p>;
  if (rows === null) return <p className="text-sm text-zinc-500">…</p>;
  if (rows.length === 0) return <p className="text-sm text-zinc-500">{t.noDeliveries}</p>;
  return (
    // A container: an open delivery's attempts are as wide as the visible log (cqw) and stay in view while a narrow screen scrolls the table.
    <div className="@container mt-2">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
          <thead className="text-xs text-zinc-500">
            <tr>
              <th className="py-1 pr-3 font-medium">Event</th>
              <th className="py-1 pr-3 font-medium">Status</th>
              <th className="py-1 pr-3 font-medium">Latency</th>
              <th className="py-1 pr-3 font-medium">Response</th>
              <th className="py-1 pr-3 font-medium">Time</th>
              <th className="py-1 font-medium">
                <span className="sr-only">{t.replay}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <Fragment key={d.id}>
                <tr className="border-t border-zinc-100 align-top">
                  <td className="py-2 pr-3 font-mono text-xs">{d.type}</td>
                  <td className="py-2 pr-3">
                    <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>{t.status[d.status]}</span>
                    <span className="ml-2 text-xs text-zinc-500">{d.lastStatus ?? (d.attempts > 0 ? t.noAnswer : "")}</span>
                  </td>
                  <td className="py-2 pr-3 text-xs">{d.latencyMs === null ? "—" : `${d.latencyMs} ms`}</td>
                  <td className="max-w-xs py-2 pr-3 text-xs break-all text-zinc-600">
                    {d.lastError && d.status !== "delivered" ? `${d.lastError}. ` : ""}
                    {d.responseExcerpt ?? ""}
                  </td>
                  <td className="py-2 pr-3 text-xs whitespace-nowrap">
                    <DateTime value={d.lastAttemptAt ?? d.createdAt} />
                  </td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-1">
                      <button type="button" className={buttonClass("ghost", "px-2 py-1 text-xs")} aria-expanded={shown === d.id} onClick={() => setShown(shown === d.id ? null : d.id)}>
                        {shown === d.id ? t.hideAttempts : t.showAttempts}
                      </button>
                      {canReplay && (
                        <button type="button" className={buttonClass("outline", "px-2 py-1 text-xs")} onClick={() => void replay(d.id)}>
                          {t.replay}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
                {shown === d.id && (
                  <tr>
                    <td colSpan={6}>
                      <div className="sticky left-0 w-[100cqw]">
                        <DeliveryAttempts endpointId={endpointId} deliveryId={d.id} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {hasNextPage && (
        <button type="button" disabled={isFetchingNextPage} className={buttonClass("ghost", "mt-2 text-xs")} onClick={() => void fetchNextPage()}>
          {t.older}
        </button>
      )}
    </div>
  );
}
