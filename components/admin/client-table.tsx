"use client";
import { useEffect, useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ExternalLink, Pencil, Search, Trash2 } from "lucide-react";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { adminCreditUnitsToMb, formatAdminCreditUnits } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { PLAN_LABELS } from "@/lib/services/money/rules/plans";
import { CLIENT_COUNTS, COMPANY_SIZES, JOB_TYPES, MEDIA_TYPES } from "@/lib/services/access/rules/signup-options";
import { clientUpdateSchema, type ClientUpdateInput } from "@/lib/validation/accounts";
import type { AdminDetails } from "@/lib/contract/accounts";

/** A row's edit mode: every field the client door takes (its own types), credits as the shown units. */
type Fields = Required<Omit<ClientUpdateInput, "credits">>;
export type Draft = Fields & { creditUnits: string };
const FIELDS = ["name", "companyName", "email", "websiteUrl", "companySize", "mediaType", "jobType", "numberOfClients", "status", "plan", "role"] as const satisfies readonly (keyof Fields)[];
/** The choices the client door accepts (its schema's own lists). */
const STATUSES = clientUpdateSchema.shape.status.unwrap().options;
const PLANS = clientUpdateSchema.shape.plan.unwrap().options;
const ROLES = clientUpdateSchema.shape.role.unwrap().options;
const orBlank = <T extends string>(options: readonly T[]) => ["" as const, ...options];

/** The option that `value` names, or `fallback` (a stored value the door no longer offers). */
const oneOf = <T extends string>(options: readonly T[], value: string, fallback: T): T => options.find((o) => o === value) ?? fallback;

const PAGE_SIZE = 25;
/**
 * What the super admin decides on comes first (status, plan, role, credits), right after who it is:
 * at 1366–1440 px they stay in view beside the Actions column, and the profile answers scroll
 * (they once sat under the fixed Actions column).
 */
const COLUMNS = ["Name", "Company", "Email", "Status", "Plan", "Role", "Credits", "Website", "Size", "Media type", "Job type", "Clients", "Actions"];
const cell = "px-3 py-2.5 align-top";
const field = "w-full min-w-28 rounded-md border border-zinc-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none";

/** Spec §4: a row's edit mode starts from its values, with Active, No Plan and 0 where missing. */
function draftOf(a: AdminDetails): Draft {
  return {
    name: a.name,
    companyName: a.companyName,
    email: a.email,
    websiteUrl: a.websiteUrl,
    companySize: oneOf(orBlank(COMPANY_SIZES), a.companySize, ""),
    mediaType: MEDIA_TYPES.filter((m) => a.mediaType.includes(m)),
    jobType: oneOf(orBlank(JOB_TYPES), a.jobType, ""),
    numberOfClients: oneOf(orBlank(CLIENT_COUNTS), a.numberOfClients, ""),
    status: oneOf(STATUSES, a.status, "Active"),
    plan: oneOf(PLANS, a.plan, "No Plan"),
    role: a.role,
    creditUnits: formatAdminCreditUnits(a.credits ?? 0),
  };
}

/** A credits field's value at the precision it is shown with ("2.5", "2.50" and " 2.500 " are one value). */
const shownUnits = (value: string) => {
  const n = Number(value.trim());
  return value.trim() !== "" && Number.isFinite(n) ? n.toFixed(2) : value;
};

/**
 * Only the fields that changed. Credits go back to MB only when their value changed at the
 * precision shown: the display rounds (2.50 may be 2.5039 credits), so typing the shown value back
 * must not move the balance (it once moved 39 MB).
 */
export function changes(before: Draft, after: Draft): ClientUpdateInput {
  const obj: ClientUpdateInput = {};
  const copy = <K extends keyof Fields>(key: K) => {
    obj[key] = after[key];
  };
  for (const key of FIELDS) if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) copy(key);
  if (shownUnits(after.creditUnits) !== shownUnits(before.creditUnits)) obj.credits = adminCreditUnitsToMb(Number(after.creditUnits));
  return obj;
}

export function ClientTable() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<"all" | "waiting">("all");
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);

  useEffect(() => {
    const t = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [search]);

  const { data, isPending, isError } = useQuery({
    queryKey: ["clients", q, page, filter],
    queryFn: () => apiCall(doors.accounts.clients, { query: { q, page, pageSize: PAGE_SIZE, filter } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["clients"] });
  /**
   * A saved row, shown at once: a list read already in flight (the search's, started before the save
   * committed) is cancelled, so its older answer cannot put the row back as it was; the lists are then
   * read again.
   */
  const saved = async (admin: AdminDetails) => {
    await queryClient.cancelQueries({ queryKey: ["clients"] });
    queryClient.setQueriesData<{ admins: AdminDetails[] }>({ queryKey: ["clients"] }, (d) => (d ? { ...d, admins: d.admins.map((x) => (x.id === admin.id ? admin : x)) } : d));
    await refresh();
  };

  const save = useMutation({
    mutationFn: ({ id, obj }: { id: string; obj: ClientUpdateInput }) => apiCall(doors.accounts.update, { params: { id }, body: { obj } }),
    onSuccess: ({ admin }) => {
      toast.success("Client saved");
      setEditing(null);
      void saved(admin);
    },
    onError: (e) => toast.error(e.message),
  });

  // One click: the same edit as setting Status to Active (the studio is mailed that it may sign in).
  const approve = useMutation({
    mutationFn: (a: AdminDetails) => apiCall(doors.accounts.update, { params: { id: a.id }, body: { obj: { status: "Active" } } }),
    onSuccess: ({ admin }, a) => {
      toast.success(TEXTS.clients.approved(a.name));
      void saved(admin);
    },
    onError: (e) => toast.error(e.message),
  });

  async function remove(a: AdminDetails) {
    if (!(await confirm(TEXTS.confirmDelete.row))) return;
    try {
      await apiCall(doors.accounts.deleteClient, { params: { id: a.id } });
      toast.success(`${a.name} deleted`);
      refresh();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  async function loginAs(a: AdminDetails) {
    try {
      const { url } = await apiCall(doors.accounts.impersonate, { params: { id: a.id } });
      window.open(url, "_blank", "noopener");
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  const set = (patch: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="relative block w-full max-w-sm">
          <span className="sr-only">Search clients</span>
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden="true" />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search by name, email or company"
            className="w-full rounded-lg border border-zinc-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:outline-none"
          />
        </label>
        <div role="radiogroup" aria-label={TEXTS.clients.filterLabel} className="inline-flex rounded-lg border border-zinc-200 bg-white p-0.5 shadow-sm">
          {(["all", "waiting"] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={filter === f}
              onClick={() => {
                setFilter(f);
                setPage(1);
              }}
              className={`rounded-md px-3 py-1.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 ${filter === f ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100"}`}
            >
              {f === "all" ? TEXTS.clients.filterAll : TEXTS.clients.filterWaiting}
            </button>
          ))}
        </div>
        <p className="text-sm text-zinc-500" aria-live="polite">
          {total === 0 ? (filter === "waiting" ? TEXTS.clients.noneWaiting : "No clients") : `${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total} clients`}
        </p>
      </div>

      <div className="mt-4 overflow-x-auto rounded-xl border border-zinc-200 bg-white">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs tracking-wide text-zinc-500 uppercase">
            <tr>
              {COLUMNS.map((h) => (
                <th key={h} scope="col" className={`px-3 py-3 font-semibold whitespace-nowrap ${h === "Actions" ? "sticky right-0 bg-zinc-50" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {isPending && (
              <tr>
                <td colSpan={13} className="px-3 py-8 text-center text-zinc-500">
                  Loading clients…
                </td>
              </tr>
            )}
            {isError && (
              <tr>
                <td colSpan={13} className="px-3 py-8 text-center text-red-700">
                  The clients could not be loaded.
                </td>
              </tr>
            )}
            {data?.admins.map((a) =>
              editing?.id === a.id ? (
                <tr key={a.id} data-testid={`client-row-${a.email}`} className="bg-brand-50/40">
                  <td className={cell}>
                    <input aria-label="Name" className={field} value={editing.draft.name} onChange={(e) => set({ name: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <input aria-label="Company name" className={field} value={editing.draft.companyName} onChange={(e) => set({ companyName: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <input aria-label="Email" type="email" className={field} value={editing.draft.email} onChange={(e) => set({ email: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <Select label="Status" value={editing.draft.status} options={STATUSES} onChange={(v) => set({ status: v })} />
                  </td>
                  <td className={cell}>
                    <Select label="Plan" value={editing.draft.plan} options={PLANS} onChange={(v) => set({ plan: v })} />
                  </td>
                  <td className={cell}>
                    <Select label="Role" value={editing.draft.role} options={ROLES} onChange={(v) => set({ role: v })} />
                  </td>
                  <td className={cell}>
                    <input
                      aria-label="Credits"
                      type="number"
                      step={0.01}
                      min={0}
                      className={`${field} w-28`}
                      value={editing.draft.creditUnits}
                      onChange={(e) => set({ creditUnits: e.target.value })}
                    />
                  </td>
                  <td className={cell}>
                    <input aria-label="Website" className={field} value={editing.draft.websiteUrl} onChange={(e) => set({ websiteUrl: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <Select label="Company size" value={editing.draft.companySize} options={orBlank(COMPANY_SIZES)} onChange={(v) => set({ companySize: v })} />
                  </td>
                  <td className={cell}>
                    <fieldset className="min-w-52 space-y-1">
                      <legend className="sr-only">Media type</legend>
                      {MEDIA_TYPES.map((m) => (
                        <label key={m} className="flex items-center gap-1.5 text-xs">
                          <input
                            type="checkbox"
                            checked={editing.draft.mediaType.includes(m)}
                            onChange={(e) => set({ mediaType: e.target.checked ? [...editing.draft.mediaType, m] : editing.draft.mediaType.filter((x) => x !== m) })}
                          />
                          {m}
                        </label>
                      ))}
                    </fieldset>
                  </td>
                  <td className={cell}>
                    <Select label="Job type" value={editing.draft.jobType} options={orBlank(JOB_TYPES)} onChange={(v) => set({ jobType: v })} />
                  </td>
                  <td className={cell}>
                    <Select label="Number of clients" value={editing.draft.numberOfClients} options={orBlank(CLIENT_COUNTS)} onChange={(v) => set({ numberOfClients: v })} />
                  </td>
                  <td className={`${cell} sticky right-0 bg-white whitespace-nowrap shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.15)]`}>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={buttonClass("primary", "px-3 py-1.5")}
                        disabled={save.isPending}
                        onClick={() => {
                          const obj = changes(draftOf(a), editing.draft);
                          if (Object.keys(obj).length === 0) setEditing(null);
                          else save.mutate({ id: a.id, obj });
                        }}
                      >
                        Save
                      </button>
                      <button type="button" className={buttonClass("outline", "px-3 py-1.5")} onClick={() => setEditing(null)}>
                        Cancel
                      </button>
                    </div>
                  </td>
                </tr>
              ) : (
                <tr key={a.id} data-testid={`client-row-${a.email}`}>
                  {/* A long name or company is cut with an ellipsis (whole on hover): never wide enough to push Status off screen. */}
                  <td className={`${cell} font-medium`}>
                    <span className="block max-w-56 truncate" title={a.name}>
                      {a.name}
                    </span>
                  </td>
                  <td className={cell}>
                    <span className="block max-w-56 truncate" title={a.companyName}>
                      {a.companyName}
                    </span>
                  </td>
                  <td className={`${cell} literal`}>{a.email}</td>
                  <td className={cell}>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${a.status === "Active" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}>
                      {a.status}
                    </span>
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>{a.plan === "n/a" ? PLAN_LABELS.NO_PLAN : a.plan}</td>
                  <td className={cell}>{a.role}</td>
                  <td className={`${cell} tabular-nums`} data-testid="credits">
                    {formatAdminCreditUnits(a.credits)}
                  </td>
                  <td className={`${cell} max-w-48 truncate`}>{a.websiteUrl}</td>
                  <td className={cell}>{a.companySize}</td>
                  <td className={`${cell} min-w-40 text-xs`}>{a.mediaType.join(", ")}</td>
                  <td className={cell}>{a.jobType}</td>
                  <td className={cell}>{a.numberOfClients}</td>
                  <td className={`${cell} sticky right-0 bg-white whitespace-nowrap shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.15)]`}>
                    <div className="flex items-center gap-1">
                      {a.role === "admin" && a.status !== "Active" && (
                        <button
                          type="button"
                          aria-label={TEXTS.clients.approveLabel(a.name)}
                          disabled={approve.isPending && approve.variables?.id === a.id}
                          onClick={() => approve.mutate(a)}
                          className={buttonClass("primary", "px-3 py-1 text-xs")}
                        >
                          {TEXTS.clients.approve}
                        </button>
                      )}
                      <IconButton label={`Edit ${a.name}`} onClick={() => setEditing({ id: a.id, draft: draftOf(a) })}>
                        <Pencil className="h-4 w-4" />
                      </IconButton>
                      {a.role === "admin" && (
                        <IconButton label={`Login as ${a.name}`} onClick={() => loginAs(a)}>
                          <ExternalLink className="h-4 w-4" />
                        </IconButton>
                      )}
                      <IconButton label={`Delete ${a.name}`} onClick={() => remove(a)} danger>
                        <Trash2 className="h-4 w-4" />
                      </IconButton>
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label="Pagination" className="mt-4 flex items-center justify-end gap-2">
        <button type="button" className={buttonClass("outline", "px-3 py-1.5")} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </button>
        <span className="text-sm text-zinc-600">
          Page {page} of {pages}
        </span>
        <button type="button" className={buttonClass("outline", "px-3 py-1.5")} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next
        </button>
      </nav>
    </div>
  );
}

/** A choice among `options` ("" shows as a dash: no answer); it hands back the option picked, typed. */
function Select<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly T[]; onChange: (v: T) => void }) {
  return (
    <select
      aria-label={label}
      className={field}
      value={value}
      onChange={(e) => {
        const picked = options.find((o) => o === e.target.value);
        if (picked !== undefined) onChange(picked);
      }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o === "" ? "—" : o}
        </option>
      ))}
    </select>
  );
}

function IconButton({ label, onClick, children, danger = false }: { label: string; onClick: () => void; children: React.ReactNode; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label.split(" ")[0] === "Login" ? "Login as" : label.split(" ")[0]}
      onClick={onClick}
      className={`rounded-md p-2 ${danger ? "text-red-600 hover:bg-red-50" : "text-zinc-600 hover:bg-zinc-100"}`}
    >
      {children}
    </button>
  );
}
