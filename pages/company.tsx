import type { PageConfig } from "next";
import { MarketingFrame } from "@/components/marketing/marketing-frame";
import { ProsePage } from "@/components/marketing/prose-page";
import { COMPANY_PAGE } from "@/lib/texts/marketing";

// Sent without any script (components/marketing/marketing-frame.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };

export default function Page() {
  return (
    <MarketingFrame path="/company" title={COMPANY_PAGE.title}>
      <ProsePage page={COMPANY_PAGE} />
    </MarketingFrame>
  );
}
