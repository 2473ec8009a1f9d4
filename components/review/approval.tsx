"use client";
// A film's approval (the guest's approval door, lib/contract/review.ts `approvals`): its state
// ("Approved by Anna · v2", "Changes requested", awaiting); for a reader who may approve (while in
// review), Approve, or Request changes with a note. Before a request once the included revision
// rounds are used, a line says so. The version watched is sent with the decision, so one posted
// meanwhile is not approved unseen (the door answers 409 `version_changed`, and this asks again).
// The reads and the decision are the panel's calls; every word is the panel's.
import { useEffect, useState } from "react";
import type { AnswerOf } from "@/lib/contract/door";
import type { approvals } from "@/lib/contract/review";
import { roundsUsedUp } from "@/lib/services/review/rules/approval";
import { WordsBox } from "@/components/review/composer";

export type ApprovalState = AnswerOf<typeof approvals.get>;
export type Decision = { decision: "approved" | "changes_requested"; version: number; note?: string };

export type ApprovalLabels = {
  heading: string;
  approve: string;
  requestChanges: string;
  noteLabel: string;
  send: string;
  cancel: string;
  approvedBy: (name: string, version: number) => string;
  changesRequested: (version: number) => string;
  awaiting: (version: number) => string;
  youApproved: (version: number) => string;
  youRequested: (version: number) => string;
  roundsUsedUp: (included: number) => string;
  decisionFailed: string;
  versionChanged: string;
};

type Props = {
  labels: ApprovalLabels;
  /** Reads the film's approval (null: not read). */
  load: () => Promise<ApprovalState | null>;
  /** Sends a decision: null when made, else the refusal's code (undefined: no answer). */
  decide: (decision: Decision) => Promise<string | null | undefined>;
  /** Changes whenever anyone decided (the live review): the state is read again. */
  decided: number;
  /** Read again whenever this changes (the film's, and who reads it). */
  readKey: string;
  /** The state read: an approval that unlocked the film's download opens it on the page. */
  onRead?: (approval: ApprovalState) => void;
};

export function Approval({ labels, load, decide, decided, readKey, onRead }: Props) {
  const [approval, setApproval] = useState<ApprovalState | null>(null);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    void load().then((got) => {
      if (!live || !got) return;
      setApproval(got);
      onRead?.(got);
    });
    return () => {
      live = false;
    };
    // `load` and `onRead` are the panel's, made at each render: read again when what they read changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readKey, round, decided]);

  async function send(decision: Decision["decision"]) {
    if (!approval || busy) return;
    setBusy(true);
    setError(null);
    const refused = await decide({ decision, version: approval.version, ...(decision === "changes_requested" ? { note } : {}) });
    setBusy(false);
    if (refused === null) {
      setAsking(false);
      setNote("");
    } else setError(refused === "version_changed" ? labels.versionChanged : labels.decisionFailed);
    setRound((r) => r + 1);
  }

  if (!approval) return null;
  const { state, mine, version, rounds } = approval;
  const stateLine = state.state === "approved" ? labels.approvedBy(state.by, state.version) : state.state === "changes_requested" ? labels.changesRequested(state.version) : labels.awaiting(version);
  const canDecide = approval.mayApprove && approval.open;
  const usedUp = roundsUsedUp(rounds.included, rounds.used);
  return (
    <div className="mb-6 rounded-xl bg-white/5 px-4 py-3" data-testid="guest-approval">
      <h2 className="text-xs font-semibold tracking-widest text-zinc-400 uppercase">{labels.heading}</h2>
      <p
        className={`mt-1 text-sm font-semibold ${state.state === "approved" ? "text-emerald-300" : state.state === "changes_requested" ? "text-amber-300" : "text-zinc-100"}`}
        data-testid="approval-state"
      >
        {stateLine}
      </p>
      {mine && <p className="mt-1 text-xs text-zinc-400">{(mine.decision === "approved" ? labels.youApproved : labels.youRequested)(mine.version)}</p>}
      {canDecide && !asking && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy || mine?.decision === "approved"}
            onClick={() => void send("approved")}
            className="rounded-full bg-emerald-400 px-4 py-1.5 text-sm font-semibold text-emerald-950 hover:bg-emerald-300 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {labels.approve}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => setAsking(true)}
            className="rounded-full border border-white/30 px-4 py-1.5 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {labels.requestChanges}
          </button>
        </div>
      )}
      {canDecide && asking && (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim()) void send("changes_requested");
          }}
        >
          {usedUp && (
            <p className="text-sm text-amber-200" data-testid="rounds-used-up">
              {labels.roundsUsedUp(rounds.included ?? 0)}
            </p>
          )}
          <label htmlFor="approval-note" className="text-sm text-zinc-200">
            {labels.noteLabel}
          </label>
          <WordsBox id="approval-note" rows={3} value={note} onChange={setNote} onCancel={() => setAsking(false)} submit={labels.send} cancel={labels.cancel} disabled={busy || !note.trim()} />
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
