import { Providers } from "../providers";

/** The checkout and its test pages: payment buttons confirm and notify through the app's providers. */
export default function CheckoutLayout({ children }: { children: React.ReactNode }) {
  return <Providers>{children}</Providers>;
}
