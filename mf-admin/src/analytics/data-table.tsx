import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, visuallyHidden } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { downloadCsv, toCsv, type Cell } from './csv';

export interface Column<Row> {
  header: string;
  render: (row: Row) => ReactNode;
  /** The value written to the CSV file: raw numbers and codes, not the language's formatting. */
  csv: (row: Row) => Cell;
  numeric?: boolean;
}

const Wrap = styled.div`
  margin-block: ${({ theme }) => theme.space(3)};
  .bar { display: flex; justify-content: space-between; align-items: center; gap: ${({ theme }) => theme.space(2)}; }
  summary { cursor: pointer; font-weight: 600; padding-block: ${({ theme }) => theme.space(1)}; }
  .scroll { overflow-x: auto; }
  table { inline-size: 100%; border-collapse: collapse; font-size: 14px; }
  /* The section's heading shows the table's name; the caption names it for screen readers. */
  caption { ${visuallyHidden} }
  th, td { padding: 6px 8px; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: 600; }
  .num { text-align: end; font-variant-numeric: tabular-nums; }
  .empty { color: ${({ theme }) => theme.colors.muted}; margin: 0; }
`;

/** A table of the analytics page, with its CSV download. */
export function DataTable<Row>({ caption, fileName, columns, rows, collapsed = false }: {
  caption: string;
  fileName: string;
  columns: Column<Row>[];
  rows: Row[];
  collapsed?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const download = () => downloadCsv(fileName, toCsv(columns.map((c) => c.header), rows.map((row) => columns.map((c) => c.csv(row)))));
  const table = rows.length === 0 ? (
    <p className="empty">{t('analytics.empty')}</p>
  ) : (
    <div className="scroll">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>{c.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // Rows have no id of their own; their order is the server's.
            <tr key={i}>{columns.map((c) => <td key={c.header} className={c.numeric ? 'num' : undefined}>{c.render(row)}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  const button = (
    <Button type="button" $variant="secondary" $size="sm" onClick={download} disabled={rows.length === 0} aria-label={t('export.label', { table: caption })}>
      {t('export.csv')}
    </Button>
  );
  return (
    <Wrap>
      {collapsed ? (
        <details>
          <summary>{t('export.showTable', { table: caption })}</summary>
          <div className="bar">{button}</div>
          {table}
        </details>
      ) : (
        <>
          <div className="bar">{button}</div>
          {table}
        </>
      )}
    </Wrap>
  );
}
