"use client";
// A mail of the outbox: its HTML as sent, in a frame that runs nothing (sandbox=""
// leaves it no scripts, no forms, no same origin: a hostile body is inert), and its plain text in a
// second tab. Both come with their secrets hidden (lib/mail/redact.ts); the open pixel is left out,
// so reading the outbox never marks a guest's mail opened.
import * as Tabs from "@radix-ui/react-tabs";
import { previewDocument } from "@/lib/browser/mail-preview";
import { TEXTS } from "@/lib/texts";

const tabClass =
  "border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:border-brand-500 data-[state=active]:text-zinc-900";

export function MailBody({ subject, html, text }: { subject: string; html: string; text: string }) {
  const t = TEXTS.outbox;
  return (
    <Tabs.Root defaultValue="html" className="mt-3">
      <Tabs.List aria-label={t.parts} className="flex gap-1 border-b border-zinc-200">
        <Tabs.Trigger value="html" className={tabClass}>
          {t.html}
        </Tabs.Trigger>
        <Tabs.Trigger value="text" className={tabClass}>
          {t.text}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="html" className="pt-3 focus-visible:outline-none">
        <iframe title={t.frameTitle(subject)} sandbox="" srcDoc={previewDocument(html)} className="h-[32rem] w-full rounded-lg border border-zinc-200 bg-white" data-testid="mail-html" />
      </Tabs.Content>
      <Tabs.Content value="text" className="pt-3 focus-visible:outline-none">
        <pre className="max-h-80 overflow-auto rounded-lg bg-zinc-50 p-3 text-xs whitespace-pre-wrap text-zinc-700">{text}</pre>
      </Tabs.Content>
    </Tabs.Root>
  );
}
