/** A section of the gallery editor: its heading, an optional line under it, and its content. */
export function Panel({
  title,
  description,
  actions,
  wide = false,
  children,
}: {
  title: React.ReactNode;
  description?: string;
  actions?: React.ReactNode;
  /** A section shown at the editor's full width (lib/routes.ts WIDE_SECTIONS): a table's room. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby="section-heading" className={`mx-auto w-full ${wide ? "max-w-5xl" : "max-w-xl"}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="section-heading" className="truncate text-xl font-bold tracking-tight text-zinc-900">
            {title}
          </h1>
          {description && <p className="mt-1 text-sm text-zinc-500">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** A white card inside a panel. */
export function Card({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-zinc-200 bg-white p-5 shadow-sm ${className}`}>{children}</div>;
}

export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm text-zinc-900 shadow-sm focus:border-brand-500 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500";
