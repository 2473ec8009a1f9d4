"use client";
import { createContext, useCallback, useContext, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";

/** `tone`: "danger" (the default, for deletes) or "primary" (a change that is not destructive). */
type Ask = (message: string, options?: { confirmLabel?: string; title?: string; tone?: "danger" | "primary" }) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** `const confirm = useConfirm(); if (await confirm(TEXTS.confirmDelete.video)) …` */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error("useConfirm needs <ConfirmProvider>");
  return ask;
}

export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<{ message: string; title: string; confirmLabel: string; tone: "danger" | "primary" } | null>(null);
  const resolver = useRef<(ok: boolean) => void>(undefined);

  const ask = useCallback<Ask>((message, options) => {
    setState({ message, title: options?.title ?? "Please confirm", confirmLabel: options?.confirmLabel ?? "Delete", tone: options?.tone ?? "danger" });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setState(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog
        open={state !== null}
        onOpenChange={(open) => !open && close(false)}
        title={state?.title ?? ""}
        description={state?.message}
        width={420}
        footer={
          <>
            <button type="button" className={buttonClass("outline")} onClick={() => close(false)}>
              Cancel
            </button>
            <button type="button" className={buttonClass(state?.tone ?? "danger")} onClick={() => close(true)}>
              {state?.confirmLabel}
            </button>
          </>
        }
      />
    </ConfirmContext.Provider>
  );
}
