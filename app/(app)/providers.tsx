"use client";
import "@/lib/zod-config";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { ConfirmProvider } from "@/components/ui/confirm";
import { TOASTS } from "@/lib/limits";

/** Client-side providers of the app's pages (not the public gallery): data fetching, confirmations and notifications. */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
      {/* Spec §9: notifications auto-close after 5000 ms at the top right. */}
      <Toaster position="top-right" duration={TOASTS.autoCloseMs} richColors closeButton />
    </QueryClientProvider>
  );
}
