import { useEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { mountRootParcel, type Parcel } from 'single-spa';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, type ParcelProps, type RegistryEntry, type SlotName } from '@modula/shared';
import { describeError, LOAD_TIMEOUT_MS, loadRemoteApp, withTimeout } from './load-remote-app';
import { reportRemoteFailure } from './remote-status';
import { markRouteSettled } from './widget-start';
import { navigateApp } from '../routing/navigation';

const pulse = keyframes`from { opacity: 0.45; } to { opacity: 1; }`;
const Loading = styled.div`
  min-block-size: 40vh; display: grid; place-items: center;
  span { inline-size: 48px; block-size: 6px; border-radius: 3px; background: ${({ theme }) => theme.colors.primarySoft};
    animation: ${pulse} 700ms ease-in-out infinite alternate; }
  /* Gone in the very frame the parcel renders its first content above it, so nothing is pushed down (CLS 0). */
  [data-remote]:has(> div:not(:empty)) + & { display: none; }
`;

type Phase = { phase: 'loading' } | { phase: 'mounted' } | { phase: 'failed'; reason: string };

let parcelCount = 0;

/** single-spa parcels are named "<remote>:<slot or route>:<n>" so the global error handler knows the remote. */
export function remoteOfParcel(parcelName: string): string {
  return parcelName.split(':')[0] ?? parcelName;
}

/**
 * Mounts one remote's ./app as a single-spa parcel in this slot. Loading, timeouts, contract refusal
 * and mount errors all end in the same fallback, here only: the rest of the page keeps working.
 */
export function RemoteParcel({ entry, slot, onMounted }: { entry: RegistryEntry; slot?: SlotName; onMounted?: () => void }) {
  // "Try Again" remounts the slot: a fresh attempt with fresh state.
  const [attempt, setAttempt] = useState(0);
  return <ParcelSlot key={attempt} entry={entry} slot={slot} onMounted={onMounted} onRetry={() => setAttempt((n) => n + 1)} />;
}

function ParcelSlot({ entry, slot, onMounted, onRetry }: { entry: RegistryEntry; slot?: SlotName; onMounted?: () => void; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Phase>({ phase: 'loading' });

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // A fresh element per attempt: a parcel that is still unmounting never shares a React root with the next.
    const host = document.createElement('div');
    host.style.display = 'contents';
    element.append(host);
    let cancelled = false;
    let parcel: Parcel | null = null;

    const fail = (error: unknown) => {
      if (cancelled) return;
      const reason = describeError(error);
      reportRemoteFailure(entry.name, reason);
      setStatus({ phase: 'failed', reason });
      if (!slot) markRouteSettled();
    };

    void (async () => {
      try {
        const app = await loadRemoteApp(entry);
        if (cancelled) return;
        parcelCount += 1;
        const props: ParcelProps & { domElement: HTMLElement } = {
          domElement: host,
          remote: entry.name,
          slot,
          navigate: navigateApp,
          reportError: (error) => reportRemoteFailure(entry.name, `crashed while rendering: ${describeError(error)}`),
        };
        const mounted = mountRootParcel({ ...app, name: `${entry.name}:${slot ?? 'route'}:${parcelCount}` }, props);
        parcel = mounted;
        await withTimeout(mounted.mountPromise, LOAD_TIMEOUT_MS, `timed out: did not mount within ${LOAD_TIMEOUT_MS / 1000} s`);
        if (cancelled) return;
        setStatus({ phase: 'mounted' });
        // The route's content is on screen: slots such as the messenger widget may load now.
        if (!slot) markRouteSettled();
        onMounted?.();
      } catch (error) {
        fail(error);
      }
    })();

    return () => {
      cancelled = true;
      const mounted = parcel;
      const remove = () => host.remove();
      if (!mounted) {
        remove();
        return;
      }
      // Unmount only once mounting finished; single-spa refuses to unmount a parcel mid-mount.
      mounted.mountPromise
        .then(() => mounted.unmount())
        .catch(() => undefined)
        .finally(remove);
    };
  }, [entry, slot, onMounted]);

  return (
    <>
      <div ref={container} style={{ display: status.phase === 'failed' ? 'none' : 'contents' }} data-remote={entry.name} />
      {status.phase === 'loading' && !slot ? (
        <Loading role="status" aria-label={t('remote.loading')}>
          <span />
        </Loading>
      ) : null}
      {status.phase === 'failed' ? (
        <ErrorFallback detail={t('remote.unavailable')} onRetry={onRetry} />
      ) : null}
    </>
  );
}
