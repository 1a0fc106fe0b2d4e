import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { ReportDialogProps } from './report-dialog';

type AnyReasons = readonly [string, ...string[]];

// The form (react-hook-form, its zod resolver) is a chunk of its own: @modula/shared is on every first
// visit, a report is written by few visitors, so the chunk loads when a dialog first opens.
const Dialog = lazy(() =>
  import(/* webpackChunkName: "report-dialog" */ './report-dialog').then((m) => ({ default: m.ReportDialog as ComponentType<ReportDialogProps<AnyReasons>> })),
);

/** A report to the administrators: a reason, a description, and the database's answer in the visitor's language. */
export function ReportDialog<const R extends AnyReasons>(props: ReportDialogProps<R>) {
  const [opened, setOpened] = useState(props.open);
  // Rendered from the first time it opens, so closing keeps the form's own closing behaviour.
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...(props as unknown as ReportDialogProps<AnyReasons>)} />
    </Suspense>
  );
}
