import type { Metadata } from "next";
import { ProsePage } from "@/components/marketing/prose-page";
import { COMPANY_PAGE } from "@/lib/marketing-texts";

export const metadata: Metadata = { title: COMPANY_PAGE.title };

export default function Page() {
  return <ProsePage page={COMPANY_PAGE} />;
}
