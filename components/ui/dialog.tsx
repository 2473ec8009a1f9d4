"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useReturnFocus } from "@/components/ui/use-return-focus";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: React.ReactNode;
  /** Buttons shown at the bottom right. */
  footer?: React.ReactNode;
  width?: number;
};

type ShellProps = {
  /** Omitted for a dialog mounted only while it is open. */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  overlayClassName: string;
  className: string;
  style?: React.CSSProperties;
  /** False when there is no Description inside (Radix otherwise warns). */
  described?: boolean;
  testId?: string;
  /** Where focus goes as it opens (Radix's default: its first focusable element); `event.preventDefault()` to place it yourself. */
  onOpenAutoFocus?: (event: Event) => void;
  children: React.ReactNode;
};

/**
 * The frame every Vidfolio dialog shares: Radix root, portal, overlay and content, focus trapped,
 * Escape closes, focus handed back to what opened it. The caller draws the title and the rest.
 */
export function DialogShell({ open = true, onOpenChange, overlayClassName, className, style, described = false, testId, onOpenAutoFocus, children }: ShellProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content {...returnFocus} onOpenAutoFocus={onOpenAutoFocus} style={style} className={className} {...(described ? {} : { "aria-describedby": undefined })} data-testid={testId}>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The title bar of a large dialog (the film's player, compare): its title, what goes under it, and the Close X. */
export function DialogTitleBar({ title, titleTestId, children }: { title: React.ReactNode; titleTestId?: string; children?: React.ReactNode }) {
  return (
    <header className="flex items-start justify-between gap-4 border-b border-zinc-200 px-5 py-4">
      <div className="min-w-0">
        <RadixDialog.Title className="truncate text-lg font-semibold text-zinc-900" data-testid={titleTestId}>
          {title}
        </RadixDialog.Title>
        {children}
      </div>
      <RadixDialog.Close aria-label="Close" className="-m-1 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900">
        <X className="h-5 w-5" aria-hidden="true" />
      </RadixDialog.Close>
    </header>
  );
}

/** An accessible modal: traps focus, closes with Escape or the X, labelled by its title. */
export function Dialog({ open, onOpenChange, title, description, children, footer, width = 480 }: Props) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]"
      style={{ maxWidth: width }}
      className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
      described={!!description}
    >
      <div className="flex items-start justify-between gap-4">
        <RadixDialog.Title className="text-lg font-semibold text-zinc-900">{title}</RadixDialog.Title>
        <RadixDialog.Close aria-label="Close" className="-m-1 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900">
          <X className="h-5 w-5" aria-hidden="true" />
        </RadixDialog.Close>
      </div>
      {description && <RadixDialog.Description className="mt-2 text-sm text-zinc-600">{description}</RadixDialog.Description>}
      {children && <div className="mt-4">{children}</div>}
      {footer && <div className="mt-6 flex justify-end gap-2">{footer}</div>}
    </DialogShell>
  );
}
