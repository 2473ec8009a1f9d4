// The shape of every error answer (docs/api.md, "Errors"): a JSON object whose `code` is one of the
// documented codes, documented with the answer's own status, beside a non-empty `message`. The codes
// are read from the docs themselves, so a code nobody documented fails whichever test meets it.
import fs from "node:fs";
import path from "node:path";

let documented: Map<string, number> | undefined;

/** The codes of docs/api.md's "Errors" table, with their statuses. */
export function documentedCodes(): Map<string, number> {
  if (documented) return documented;
  const doc = fs.readFileSync(path.resolve(__dirname, "../../docs/api.md"), "utf8");
  const section = doc.split(/^## Errors$/m)[1]?.split(/^## /m)[0] ?? "";
  documented = new Map([...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
  return documented;
}

/** What is wrong with an error answer's body, or null when it has the documented shape. */
export function errorShapeProblem(status: number, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `a ${status} whose body is not JSON: ${text.slice(0, 120)}`;
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== "string" || message.length === 0) return `a ${status} without a JSON { message }: ${text.slice(0, 120)}`;
  if (typeof code !== "string") return `a ${status} without a code: ${text.slice(0, 120)}`;
  const documentedStatus = documentedCodes().get(code);
  if (documentedStatus === undefined) return `a ${status} with the code "${code}", which docs/api.md ("Errors") does not list`;
  if (documentedStatus !== status) return `a ${status} with the code "${code}", which docs/api.md documents as a ${documentedStatus}`;
  return null;
}
