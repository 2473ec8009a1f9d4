"use client";
import { useEffect, useRef, type ComponentProps } from "react";
import { usePathname } from "next/navigation";

/**
 * A `<nav>` whose list becomes a strip that scrolls sideways on small screens (the gallery editor's
 * sections, the account sections): the current link (`aria-current="page"`) is kept in view.
 */
export function StripNav({ children, ...props }: ComponentProps<"nav">) {
  const nav = useRef<HTMLElement>(null);
  const pathname = usePathname();
  useEffect(() => {
    const strip = nav.current?.querySelector("ul");
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (strip && current && strip.scrollWidth > strip.clientWidth) strip.scrollLeft = current.offsetLeft - strip.offsetLeft - 8;
  }, [pathname]);
  return (
    <nav ref={nav} {...props}>
      {children}
    </nav>
  );
}
