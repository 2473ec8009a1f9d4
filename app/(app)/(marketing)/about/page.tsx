import type { Metadata } from "next";
import { ProsePage } from "@/components/marketing/prose-page";
import { ABOUT_PAGE } from "@/lib/marketing-texts";

export const metadata: Metadata = { title: ABOUT_PAGE.title };

export default function Page() {
  return <ProsePage page={ABOUT_PAGE} />;
}
