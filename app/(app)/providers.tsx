"use client";
import "@/lib/browser/zod-config";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { ConfirmProvider } from "@/components/ui/confirm";
import { TOASTS } from "@/lib/limits";

/**
 * Client-side providers of the studio, the checkout and the super admin (their layouts): data
 * fetching, confirmations and notifications. Not around the marketing site and the sign-in pages,
 * which use none of them: react-query, sonner and the confirmation's Radix dialog are about 40 KB
 * gzipped of a phone's first load (bench/lighthouse).
 */
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
