/**
 * One sent newsletter (/newsletter/sent/view?id=): its live progress and failed addresses, and
 * pause, resume and cancel.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { newsletterApi } from '../../calls';
import type { NewsletterCalls, SendDetail } from '../../contract';
import type { TypedEndpoint } from '../../../../lib/contract/calls';
import { isLive, toSendRow, type SendRow } from '../../sends';
import { PROGRESS_POLL_MS } from './sends';
import { every } from '../../../../lib/browser/poll';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';

export type SendChange = 'pause' | 'resume' | 'cancel';

const CHANGED: Record<SendChange, string> = {
  pause: 'The newsletter is paused.',
  resume: 'The newsletter is sending again.',
  cancel: 'The newsletter is cancelled: nobody else will receive it.',
};

export interface SendViewStore {
  $send: ReadableAtom<SendRow>;
  $failures: ReadableAtom<SendDetail['failures']>;
  $busy: ReadableAtom<boolean>;
  change(what: SendChange): Promise<boolean>;
  /** Asks for the progress again every few seconds while it is sending; returns the stop. */
  followProgress(): () => void;
}

export function createSendViewStore(init: { send: SendRow; failures: SendDetail['failures']; timeZone: string }): SendViewStore {
  const $send = atom(init.send);
  const $failures = atom(init.failures);
  const $busy = atom(false);
  const endpoints: Record<SendChange, TypedEndpoint<NewsletterCalls['pauseSend' | 'resumeSend' | 'cancelSend']>> = {
    pause: newsletterApi.pauseSend,
    resume: newsletterApi.resumeSend,
    cancel: newsletterApi.cancelSend,
  };

  return {
    $send,
    $failures,
    $busy,
    async change(what) {
      if ($busy.get()) return false;
      $busy.set(true);
      // A refusal (the send finished meanwhile) says why.
      const res = await send(endpoints[what], { params: { id: $send.get().id } }, { onFailure: (failure) => void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' }) });
      $busy.set(false);
      if (!res) return false;
      $send.set(toSendRow(res.send, init.timeZone));
      void showToast(CHANGED[what], { type: 'success' });
      return true;
    },
    followProgress() {
      return every(PROGRESS_POLL_MS, async (stopped) => {
        if (!isLive($send.get())) return;
        const res = await send(newsletterApi.send, { params: { id: $send.get().id } }, { onFailure: 'silent' });
        if (!res || stopped()) return;
        $send.set(toSendRow(res.send, init.timeZone));
        $failures.set(res.failures);
      });
    },
  };
}
