import { useCallback } from 'react';
import { Link } from 'react-router';
import type { AnalyticsClientRow, AnalyticsRecruiterRow, AnalyticsRoleWageRow } from '@recruitdesk/contracts/analytics';
import type { ColumnDef } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { amount, daysText, type MoneyFormat } from '../money';
import type { XlsxCell, XlsxColumnType } from '../xlsx';
import { AnalyticsTable } from './analytics-table';
import { XlsxExportButton } from './xlsx-export-button';

/**
 * One column of an analytics table: how the screen shows it, how it sorts and what the spreadsheet gets.
 * Money columns are listed only when the rows carry money (the server leaves the fields out otherwise).
 */
export interface Column<T> {
  id: string;
  header: string;
  type: XlsxColumnType;
  value: (row: T) => XlsxCell;
  cell?: (row: T) => React.ReactNode;
  numeric?: boolean;
  className?: string;
}

function toColumnDefs<T>(columns: Column<T>[]): ColumnDef<T, unknown>[] {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    enableSorting: true,
    accessorFn: (row: T) => column.value(row),
    cell: ({ row }) =>
      column.cell ? (
        column.cell(row.original)
      ) : (
        <span className={column.numeric ? 'tabular-nums' : undefined}>{String(column.value(row.original) ?? '—')}</span>
      ),
    meta: { className: [column.numeric ? 'text-right' : '', column.className ?? ''].join(' ').trim() },
  }));
}

export function ExportableTable<T>({
  label,
  fileName,
  columns,
  rows,
  getRowId,
  initialSort,
  loading,
  emptyTitle,
}: {
  label: string;
  fileName: string;
  columns: Column<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  initialSort: { id: string; desc: boolean };
  loading: boolean;
  emptyTitle: string;
}) {
  const sortValue = useCallback(
    (row: T, id: string) => {
      const value = columns.find((column) => column.id === id)?.value(row) ?? null;
      return value;
    },
    [columns],
  );
  return (
    <>
      <div className="flex justify-end px-5 pt-3">
        <XlsxExportButton
          label={`Export ${label} to Excel`}
          fileName={fileName}
          sheetName={label}
          columns={columns.map((column) => ({ header: column.header, type: column.type }))}
          rows={() => rows.map((row) => columns.map((column) => column.value(row)))}
          disabled={loading || rows.length === 0}
        />
      </div>
      <AnalyticsTable
        label={label}
        columns={toColumnDefs(columns)}
        rows={rows}
        getRowId={getRowId}
        sortValue={sortValue}
        initialSort={[initialSort]}
        loading={loading}
        emptyTitle={emptyTitle}
      />
    </>
  );
}

const moneyColumn = <T,>(
  id: string,
  header: string,
  get: (row: T) => string | null | undefined,
  money: MoneyFormat,
): Column<T> => ({
  id,
  header,
  type: 'money',
  numeric: true,
  value: (row) => amount(get(row)),
  cell: (row) => <span className="tabular-nums">{money.full(amount(get(row)))}</span>,
});

const countColumn = <T,>(id: string, header: string, get: (row: T) => number, className?: string): Column<T> => ({
  id,
  header,
  type: 'integer',
  numeric: true,
  value: get,
  ...(className ? { className } : {}),
});

export function clientColumns(rows: AnalyticsClientRow[], money: MoneyFormat): Column<AnalyticsClientRow>[] {
  const withMoney = rows.some((row) => row.revenue_booked !== undefined);
  const columns: Column<AnalyticsClientRow>[] = [
    {
      id: 'client_name',
      header: 'Client',
      type: 'text',
      value: (row) => row.client_name,
      cell: (row) => (
        <Link
          to={paths.app.client.getHref(row.client_id)}
          className="font-medium text-gray-900 hover:underline dark:text-white"
        >
          {row.client_name}
        </Link>
      ),
    },
    {
      id: 'client_type',
      header: 'Type',
      type: 'text',
      value: (row) => (row.client_type === 'retainer' ? 'Retainer' : "Finder's fee"),
      className: 'hidden md:table-cell',
    },
    countColumn('open_roles', 'Open roles', (row) => row.open_roles, 'hidden sm:table-cell'),
    countColumn('placements', 'Placements', (row) => row.placements),
    {
      id: 'median_days_to_fill',
      header: 'Time to fill',
      type: 'decimal',
      numeric: true,
      value: (row) => row.median_days_to_fill,
      cell: (row) => <span className="tabular-nums">{daysText(row.median_days_to_fill)}</span>,
      className: 'hidden lg:table-cell',
    },
  ];
  if (withMoney) {
    columns.push(
      moneyColumn('revenue_booked', 'Booked', (row) => row.revenue_booked, money),
      {
        ...moneyColumn('revenue_collected', 'Collected', (row) => row.revenue_collected, money),
        className: 'hidden sm:table-cell',
      },
      {
        ...moneyColumn('average_fee', 'Average fee', (row) => row.average_fee, money),
        className: 'hidden xl:table-cell',
      },
    );
  }
  return columns;
}

export function recruiterColumns(rows: AnalyticsRecruiterRow[], money: MoneyFormat): Column<AnalyticsRecruiterRow>[] {
  const columns: Column<AnalyticsRecruiterRow>[] = [
    {
      id: 'recruiter_name',
      header: 'Recruiter',
      type: 'text',
      value: (row) => row.recruiter_name,
      className: 'font-medium',
    },
    countColumn('open_roles', 'Open roles', (row) => row.open_roles, 'hidden sm:table-cell'),
    countColumn('submittals', 'Submittals', (row) => row.submittals),
    countColumn('placements', 'Placements', (row) => row.placements),
  ];
  if (rows.some((row) => row.fees !== undefined)) columns.push(moneyColumn('fees', 'Fees', (row) => row.fees, money));
  return columns;
}

export function roleWageColumns(money: MoneyFormat): Column<AnalyticsRoleWageRow>[] {
  const salary = (
    id: 'min' | 'p25' | 'median' | 'p75' | 'max',
    header: string,
    className?: string,
  ): Column<AnalyticsRoleWageRow> => ({
    id,
    header,
    type: 'money',
    numeric: true,
    value: (row) => amount(row[id]),
    // Salaries are in the placement's currency, which may not be the agency's.
    cell: (row) => <span className="tabular-nums">{moneyIn(row.currency, money)(amount(row[id]))}</span>,
    ...(className ? { className } : {}),
  });
  return [
    {
      id: 'role_family_label',
      header: 'Role family',
      type: 'text',
      value: (row) => row.role_family_label,
      className: 'font-medium',
    },
    { id: 'location', header: 'Location', type: 'text', value: (row) => row.location ?? 'All locations' },
    { id: 'currency', header: 'Currency', type: 'text', value: (row) => row.currency, className: 'hidden' },
    countColumn('count', 'Placed', (row) => row.count),
    salary('min', 'Lowest', 'hidden md:table-cell'),
    salary('p25', '25th pct', 'hidden lg:table-cell'),
    salary('median', 'Median'),
    salary('p75', '75th pct', 'hidden lg:table-cell'),
    salary('max', 'Highest', 'hidden md:table-cell'),
  ];
}

export function moneyIn(currency: string, money: MoneyFormat) {
  if (currency === money.currency) return money.full;
  return (value: number | null | undefined) => (value == null ? '—' : `${value.toLocaleString()} ${currency}`);
}
