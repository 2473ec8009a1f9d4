// Mails are React Email components rendered on the server: the HTML and its plain-text alternative
// from one element. `@react-email/render` is a server external (next.config.ts) and the worker runs
// with Node's default conditions (tsconfig.worker.json), so react-dom/server is the Node build.
import "@/lib/server-only";
import type { ReactElement } from "react";
import { render } from "@react-email/render";

export type MailContent = { subject: string; html: string; text: string };

/** The subject, and the element rendered as HTML and as plain text. */
export async function renderMail(subject: string, element: ReactElement): Promise<MailContent> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
