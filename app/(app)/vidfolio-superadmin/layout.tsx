import { Providers } from "../providers";

/** The super admin's pages: their tables fetch, confirm and notify through the app's providers. */
export default function SuperadminLayout({ children }: { children: React.ReactNode }) {
  return <Providers>{children}</Providers>;
}
