import { Providers } from "./providers";

/** Every page but the public gallery: the marketing site, sign-in, checkout, the studio, the super admin. */
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return <Providers>{children}</Providers>;
}
