import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SendProblem } from '../../../send-check';
import { SendChecklist } from './SendChecklist';

export type SendKind = 'newsletter' | 'test';

export interface SendChecklistHook {
  /** Goes on at once when there are no problems; else shows them (blocking: no way on; warnings: "Send anyway" goes on). */
  run(problems: SendProblem[], kind: SendKind, proceed: () => void): void;
  /** The dialog, to render once. */
  dialog: ReactNode;
}

export interface SendChecklistOptions {
  /** A problem's fix button label (null: none). */
  fixLabel: (problem: SendProblem) => string | null;
  /** Called once the dialog has closed (focus can then leave it). */
  onFix: (problem: SendProblem) => void;
}

/** The checklist dialog's state for one screen: the builder, its send screen, the Simple Newsletter. */
export function useSendChecklist({ fixLabel, onFix }: SendChecklistOptions): SendChecklistHook {
  const [open, setOpen] = useState<{ problems: SendProblem[]; kind: SendKind; proceed: () => void } | null>(null);
  const fixing = useRef<SendProblem | null>(null);
  const fix = useRef(onFix);
  fix.current = onFix;

  // Nothing outside a modal takes focus: the fix runs after it has closed.
  useEffect(() => {
    if (open || !fixing.current) return;
    const problem = fixing.current;
    fixing.current = null;
    fix.current(problem);
  }, [open]);

  const run = useCallback((problems: SendProblem[], kind: SendKind, proceed: () => void) => {
    if (problems.length === 0) proceed();
    else setOpen({ problems, kind, proceed });
  }, []);

  const dialog = (
    <SendChecklist
      problems={open?.problems ?? null}
      kind={open?.kind ?? 'newsletter'}
      fixLabel={fixLabel}
      onFix={(problem) => {
        fixing.current = problem;
        setOpen(null);
      }}
      onSendAnyway={() => {
        const proceed = open?.proceed;
        setOpen(null);
        proceed?.();
      }}
      onClose={() => setOpen(null)}
    />
  );
  return { run, dialog };
}
