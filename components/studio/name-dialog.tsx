"use client";
import { useState } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { NAME_MAX } from "@/lib/validation/folders";

type Props = {
  open: boolean;
  title: string;
  label?: string;
  initial?: string;
  onClose: () => void;
  /** Called with the trimmed name; an empty or whitespace-only name is ignored (spec §5). */
  onSave: (name: string) => Promise<void>;
};

/** The New Folder, New Gallery and Rename modals: one name and Save. */
export function NameDialog({ open, title, label = "Name", initial = "", onClose, onSave }: Props) {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  useOnChange(open ? initial : null, (opened) => opened !== null && setName(opened));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      await onSave(trimmed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} width={440}>
      <form onSubmit={submit} noValidate>
        <label className="block text-sm font-medium text-zinc-700">
          {label}
          <input
            autoFocus
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className="mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm text-zinc-900 shadow-sm focus:border-brand-500 focus:outline-none"
          />
        </label>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass("outline")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
