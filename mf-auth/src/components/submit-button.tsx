import type { ReactNode } from 'react';
import { Button } from '@modula/shared';

/**
 * The form's submit button. While the form is busy it stays focusable (aria-disabled, not disabled, so
 * focus is not lost) and shows what is happening; useBusy drops the extra clicks.
 */
export function SubmitButton({ busy, busyLabel, compact, children }: { busy: boolean; busyLabel: string; compact?: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      $block={!compact}
      $size={compact ? 'md' : 'lg'}
      aria-disabled={busy || undefined}
      // A compact button keeps its width in a form laid out as a grid.
      style={{ ...(compact ? { justifySelf: 'start' } : {}), ...(busy ? { opacity: 0.75, cursor: 'progress' } : {}) }}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
