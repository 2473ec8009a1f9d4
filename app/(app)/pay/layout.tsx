import { Providers } from "../providers";

/** The test provider's checkout of a guest's payment (Paid delivery): public, its buttons notify through the app's providers. */
export default function PayLayout({ children }: { children: React.ReactNode }) {
  return <Providers>{children}</Providers>;
}
