// Vidfolio's own contact details, shown on /contact and in the footer.
export const COMPANY = {
  name: "Vidfolio",
  tagline: "Film delivery for professional videographers",
  email: "hello@vidfolio.app",
  phone: "+1 (415) 555-0142",
  phoneHref: "tel:+14155550142",
  address: ["Vidfolio Inc.", "548 Market Street, Suite 310", "San Francisco, CA 94104", "United States"],
  map: {
    embedUrl: "https://www.openstreetmap.org/export/embed.html?bbox=-122.4050%2C37.7875%2C-122.3960%2C37.7935&layer=mapnik&marker=37.7905%2C-122.4005",
    linkUrl: "https://www.openstreetmap.org/?mlat=37.7905&mlon=-122.4005#map=17/37.7905/-122.4005",
  },
} as const;
