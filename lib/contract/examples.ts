// The examples of the OpenAPI document's JSON bodies and answers that no door writes by hand
// (door() `example`, `answerExample`): made from the schema itself — a value's own examples
// (`.meta({ examples })`), its const, default or first choice, its format and its field's name
// (an `id` a UUID, an `email` an address, a date-time a date) — so they follow the contract as it
// changes. tests/unit/openapi-examples.test.ts parses every example with its door's zod schema: one
// a schema's refinements refuse is written by hand beside the door instead. Pure.
import { EXAMPLE } from "@/lib/contract/shapes";

type Json = Record<string, unknown>;

const DATE = "2026-11-27T10:00:00.000Z";
/** Values tried, in order, for a string whose pattern the name's value does not match: a colour, a slug, a time, a PIN, a currency. */
const PATTERNED = ["#1f2937", "anna-and-james", "00:01:30", "1234", "eur"];

/** Strings by the field's exact name, where its name says what it holds. */
const NAMED: Record<string, string> = {
  _id: EXAMPLE.id,
  thumbnail: "https://media.example.com/0190f6d2/thumbnail.jpg",
  playlist: "https://media.example.com/0190f6d2/master.m3u8",
  currency: "eur",
  cuePoint: "00:12:30",
  youtube: "https://www.youtube.com/@annaberg",
  instagram: "https://www.instagram.com/annaberg",
  facebook: "https://www.facebook.com/annaberg",
  text: "Could the intro be shorter?",
  note: "Shorter intro, please.",
  subtitle: "June 14, 2026",
  plan: "Pro",
  status: "active",
  failureReason: "The file could not be read as a video.",
  error: "HTTP 500",
  lastError: "HTTP 500",
  reason: "Too many failures.",
  disabledReason: "Too many failures.",
  at: DATE,
  from: DATE,
  to: DATE,
  by: "anna@example.com",
  payer: "anna@example.com",
  ETag: '"9b2cf535f27731c974343645a3985328"',
  prefix: "vf_key_ab12cd34",
  lastUsedAddress: "203.0.113.7",
  label: "Zapier",
  token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMTkwZjZkMiJ9.c2lnbmF0dXJl",
  secret: "whsec_3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c1e",
  password: "a long passphrase",
  currentPassword: "my old passphrase",
  responseExcerpt: "ok",
  next: "eyJpZCI6IjAxOTBmNmQyIn0",
  nextCursor: "eyJpZCI6IjAxOTBmNmQyIn0",
  month: "2026-11",
  html: "<p>Your films are ready.</p>",
  subject: "Your films are ready",
  summary: "2 new comments",
  description: "Our wedding film",
  provider: "stripe",
  who: "Anna Berg",
  // The sign-up questions' answers (lib/services/access/rules/signup-options.ts), a gallery's fonts, a studio's media and delivery kinds.
  companySize: "2-5",
  jobType: "Video only",
  numberOfClients: "11-50",
  projectSize: "10-25GB",
  heardOption: "Instagram",
  fheading: "Cormorant Garamond",
  fbody: "Inter",
  mediaType: "Wedding",
  deliveryType: "Online gallery",
  position: "bottom-right",
  "Content-Type": "video/mp4",
  selectedVideo: EXAMPLE.id,
  film: EXAMPLE.id,
  gallery: "anna-and-james",
  version: "1.0.0",
};

/** A string for a field, by its format, description and name. */
function stringFor(s: Json, name: string): string {
  const format = s.format as string | undefined;
  const about = `${(s.description as string | undefined) ?? ""}`;
  const n = name.toLowerCase();
  let value: string;
  if (name in NAMED) value = NAMED[name];
  else if (format === "uuid" || name === "id" || /[a-z]Ids?$/.test(name) || /uuid/i.test(about)) value = EXAMPLE.id;
  else if (format === "date-time" || /date-time/i.test(about) || n === "date" || /[a-z](At|Date|Since|Until)$/.test(name)) value = DATE;
  else if (format === "email" || n.includes("email")) value = "anna@example.com";
  else if (format === "uri" || format === "url" || /(url|href|src|link)$/.test(n)) value = "https://app.example.com/example";
  else if (n.endsWith("key")) value = EXAMPLE.key;
  else if (n === "title") value = "Anna & James";
  else if (n.endsWith("name")) value = "Anna Berg";
  else if (n === "slug") value = "anna-and-james";
  else if (n === "message") value = "Done.";
  else if (n === "domain" || n === "hostname" || n === "host") value = "films.example.com";
  else if (n === "language" || n === "locale") value = "en";
  else value = "text";
  const pattern = typeof s.pattern === "string" ? new RegExp(s.pattern) : null;
  if (pattern && !pattern.test(value)) value = PATTERNED.find((v) => pattern.test(v)) ?? value;
  const min = (s.minLength as number | undefined) ?? 0;
  const max = s.maxLength as number | undefined;
  if (value.length < min) value = value.padEnd(min, "x");
  if (max !== undefined && value.length > max) value = value.slice(0, max);
  return value;
}

function numberFor(s: Json, name: string): number {
  const integer = s.type === "integer";
  const min = s.minimum as number | undefined;
  const exclusiveMin = s.exclusiveMinimum as number | undefined;
  const max = (s.maximum as number | undefined) ?? (s.exclusiveMaximum as number | undefined);
  let value = /percent/i.test(name) ? 50 : name === "pageSize" ? 50 : /bytes|^size$|Size$/.test(name) ? 8388608 : /sec|seconds|duration/i.test(name) ? 60 : 1;
  if (min !== undefined && value < min) value = min;
  if (exclusiveMin !== undefined && value <= exclusiveMin) value = exclusiveMin + 1;
  if (max !== undefined && value > max) value = integer ? Math.floor(max) : max;
  return integer ? Math.round(value) : value;
}

/** An example of a JSON Schema (2020-12, as z.toJSONSchema writes it); `name`: the field it is the value of. */
export function exampleOf(schema: Json, name = ""): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("example" in schema) return schema.example;
  if ("const" in schema) return schema.const;
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (choices) return exampleOf(choices.find((c) => c.type !== "null") ?? choices[0], name);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as Json[]).map((s) => exampleOf(s, name)));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : (schema.type as string | undefined);
  switch (type) {
    case "object": {
      const props = (schema.properties as Record<string, Json> | undefined) ?? {};
      return Object.fromEntries(Object.entries(props).map(([key, s]) => [key, exampleOf(s, key)]));
    }
    case "array": {
      if (Array.isArray(schema.prefixItems)) return (schema.prefixItems as Json[]).map((s) => exampleOf(s, name));
      const items = (schema.items as Json | undefined) ?? {};
      return Array.from({ length: Math.max(1, (schema.minItems as number | undefined) ?? 1) }, () => exampleOf(items, name.replace(/s$/, "")));
    }
    case "string":
      return stringFor(schema, name);
    case "number":
    case "integer":
      return numberFor(schema, name);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}
