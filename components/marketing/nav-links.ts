// The marketing navigation (spec §2), shared by the nav bar and the footer.
export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/company", label: "Company" },
  { href: "/about", label: "About Us" },
  { href: "/pricing", label: "Pricing" },
  { href: "/contact", label: "Contact" },
] as const;
