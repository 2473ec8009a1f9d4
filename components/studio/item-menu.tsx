"use client";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical, Pencil, Trash2, type LucideIcon } from "lucide-react";

type Action = { label: string; icon: LucideIcon; onSelect: () => void; danger?: boolean };
type MenuProps = { label: string; actions: Action[]; tone?: "light" | "dark" };

/** A card's ⋮ menu (keyboard: Enter/Space opens, arrows move, Escape closes). */
export function ActionMenu({ label, actions, tone = "light" }: MenuProps) {
  const item = "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-zinc-100";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className={`grid h-8 w-8 place-items-center rounded-md ${tone === "dark" ? "bg-black/40 text-white hover:bg-black/60" : "text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"}`}
      >
        <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-36 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg">
          {actions.map(({ label: text, icon: Icon, onSelect, danger }) => (
            <DropdownMenu.Item key={text} className={`${item} ${danger ? "text-red-600 data-[highlighted]:bg-red-50" : "text-zinc-800"}`} onSelect={onSelect}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

type Props = { label: string; onRename: () => void; onDelete: () => void; tone?: "light" | "dark" };

/** The Rename / Delete menu of a folder or a gallery card. */
export function ItemMenu({ label, onRename, onDelete, tone }: Props) {
  return (
    <ActionMenu
      label={label}
      tone={tone}
      actions={[
        { label: "Rename", icon: Pencil, onSelect: onRename },
        { label: "Delete", icon: Trash2, onSelect: onDelete, danger: true },
      ]}
    />
  );
}
