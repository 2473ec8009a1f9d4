/** The /about and /company pages: the spec asks for placeholder text only. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-6 text-lg leading-relaxed text-zinc-600">
        Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vivamus lacinia odio vitae vestibulum vestibulum. Cras venenatis euismod malesuada. Nullam ac erat ante. Integer in sapien a lorem
        commodo tempor.
      </p>
      <p className="mt-4 text-lg leading-relaxed text-zinc-600">
        Donec sed odio dui. Maecenas faucibus mollis interdum. Curabitur blandit tempus porttitor. Aenean lacinia bibendum nulla sed consectetur.
      </p>
    </section>
  );
}
