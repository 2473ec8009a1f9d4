import Link from "next/link";
import { LOGO_CLASS, LogoMark } from "@/components/ui/logo";

/** The Vidfolio wordmark linking inside the app (the studio's, the checkout's and the super admin's shells). */
export function LogoLink({ href }: { href: string }) {
  return (
    <Link href={href} className={LOGO_CLASS} aria-label="Vidfolio home">
      <LogoMark />
    </Link>
  );
}
