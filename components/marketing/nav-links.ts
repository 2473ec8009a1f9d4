// The marketing navigation (spec §2), shared by the nav bar and the footer.
export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/company", label: "Company" },
  { href: "/about", label: "About Us" },
  { href: "/pricing", label: "Pricing" },
  { href: "/contact", label: "Contact" },
] as const;

/** The marketing pages (the Pages Router's, sent without scripts): pages/_document.tsx gives them their own head and no script. */
export const MARKETING_PATHS: readonly string[] = NAV_LINKS.map((l) => l.href);
