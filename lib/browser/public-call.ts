// The public gallery's calls of its declared doors (lib/contract/review.ts, public.ts), typed by the
// declaration as `apiCall` (lib/browser/api-client.ts) is, for the parts of the viewer loaded on
// demand (a guest's review). Apart from apiCall because the viewer must not load the contract: a
// door is taken by its type only (`import type`) with its method and path, which must be the
// declaration's (`publicDoor<typeof approvals.get>("GET", PUBLIC_APPROVAL_PATH)`), and its path is
// filled by publicPath (lib/contract/paths.ts, the one contract module the gallery loads; apiCall's
// general fill there would join the first load, which has 120 KB and no more: bench/viewer).
// Never throws: the answer, or the refusal's status and code (status 0: no answer).
import type { AnswerOf, DoorSpec } from "@/lib/contract/door";
import type { CallInput } from "@/lib/browser/api-client";
import type { ErrorCode } from "@/lib/error-codes";
import { publicPath } from "@/lib/contract/paths";

/** A public door as a call needs it: its method and path, typed by its whole declaration. */
export type PublicDoor<D extends DoorSpec> = Pick<D, "method" | "path"> & { readonly declared?: D };
export const publicDoor = <D extends DoorSpec>(method: D["method"], path: D["path"]): PublicDoor<D> => ({ method, path });

export type PublicAnswer<T> = { ok: true; data: T } | { ok: false; status: number; code?: ErrorCode };

const fill = publicPath as (template: string, values?: Record<string, string | number>) => string;

/** Calls a public door with this browser's cookies (they name the guest); never served from a cache. */
export async function publicCall<D extends DoorSpec>(
  door: PublicDoor<D>,
  ...[input]: Record<string, never> extends CallInput<D> ? [CallInput<D>?] : [CallInput<D>]
): Promise<PublicAnswer<AnswerOf<D>>> {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };
  const query = i.query ? `?${new URLSearchParams(i.query)}` : "";
  try {
    const res = await fetch(`${fill(door.path, i.params)}${query}`, {
      method: door.method,
      credentials: "same-origin",
      cache: "no-store",
      ...(i.body !== undefined ? { headers: { "content-type": "application/json" }, body: JSON.stringify(i.body) } : {}),
    });
    const data = (await res.json().catch(() => ({}))) as { code?: ErrorCode };
    return res.ok ? { ok: true, data: data as AnswerOf<D> } : { ok: false, status: res.status, code: data.code };
  } catch {
    return { ok: false, status: 0 };
  }
}
