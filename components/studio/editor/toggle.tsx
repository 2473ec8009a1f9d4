"use client";

type Props = { id: string; label: string; checked: boolean; onChange: (next: boolean) => void };

/** An on/off switch with its label (role switch: Space or Enter flips it). */
export function Toggle({ id, label, checked, onChange }: Props) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${checked ? "bg-brand-500" : "bg-zinc-300"}`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? "translate-x-5.5" : "translate-x-0.5"}`} />
      </button>
    </div>
  );
}
