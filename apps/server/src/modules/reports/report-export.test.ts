import { DEFAULT_VARIANT } from '@storefront/domain/constants';
import { daysBetween } from '@storefront/domain/dates';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { auditSince, freshAddress, lastAuditId, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { createSitesService } from '../sites/sites.service.ts';
import { consoleApi } from '../staff/console-api.plugin.ts';
import { type DashboardTableRows, dashboardExportConsoleRoutes } from './report-export.console-routes.ts';
import { type ReportTable, reportCsv, reportXlsx } from './report-export.ts';

async function read(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Rows that arrive one at a time, summed as they go: the totals are known only at the end. */
function streamedTable(count: number): ReportTable & { seen: () => number } {
  let seen = 0;
  let sum = 0;
  async function* rowsOf() {
    for (let i = 1; i <= count; i += 1) {
      seen += 1;
      sum += i * 1001;
      await Promise.resolve();
      yield [`2031-05-${String(i).padStart(2, '0')}`, i % 2 === 0 ? '=HYPERLINK("x")' : `-${i} note`, i, i * 1001, 12.5];
    }
  }
  return {
    sheet: 'daily',
    columns: [
      { name: 'date', kind: 'date' },
      { name: 'label', kind: 'text' },
      { name: 'orders', kind: 'count' },
      { name: 'amount', kind: 'money' },
      { name: 'occupancy', kind: 'percent' },
    ],
    rows: rowsOf(),
    totals: () => ['total', null, count, sum, null],
    seen: () => seen,
  };
}

describe('report files', () => {
  it('writes CSV with a BOM, CRLF lines, headings naming time zone and currency, safe cells and a totals row', async () => {
    const table = streamedTable(3);
    const text = (await read(reportCsv(table, { timeZone: 'Europe/Paris', currency: 'EUR' }))).toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'date (Europe/Paris),label,orders,amount (EUR),occupancy (%)',
      "2031-05-01,'-1 note,1,10.01,12.5",
      `2031-05-02,"'=HYPERLINK(""x"")",2,20.02,12.5`,
      "2031-05-03,'-3 note,3,30.03,12.5",
      'total,,3,60.06,',
      '',
    ]);
    expect(table.seen()).toBe(3);
  });

  it('writes XLSX whose days are date cells, amounts numbers in the currency’s units with its format, and the totals row in bold', async () => {
    const table = streamedTable(4);
    const workbook = new ExcelJS.Workbook();
    const file = await read(reportXlsx(table, { timeZone: 'Asia/Tokyo', currency: 'USD' }));
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('daily');
    if (!sheet) throw new Error('no daily sheet');
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['date (Asia/Tokyo)', 'label', 'orders', 'amount (USD)', 'occupancy (%)']);
    expect(values(3)).toEqual([new Date('2031-05-02T00:00:00Z'), '=HYPERLINK("x")', 2, 20.02, 12.5]);
    // A day is a date cell (Excel has no zones: the day is the venue's, as the heading says).
    expect(sheet.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(3).getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    // Text that looks like a formula stays text.
    expect(sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(4).numFmt).toBe('#,##0.00');
    expect(values(6)).toEqual(['total', undefined, 4, 100.1]);
    expect(sheet.getRow(6).font?.bold).toBe(true);
    expect(sheet.getRow(5).font?.bold).toBeFalsy();
    expect(sheet.rowCount).toBe(6);
  });

  it('writes a file of headings and totals alone when there are no rows', async () => {
    const empty: ReportTable = {
      sheet: 'none',
      columns: [
        { name: 'day', kind: 'date' },
        { name: 'amount', kind: 'money' },
      ],
      rows: [],
      totals: () => ['total', 0],
    };
    const text = (await read(reportCsv(empty, { timeZone: 'Asia/Tokyo', currency: 'JPY' }))).toString('utf8');
    expect(text).toBe('\ufeffday (Asia/Tokyo),amount (JPY)\r\ntotal,0\r\n');
  });
});

describeEachEngine('a dashboard table as a file', (ctx) => {
  let app: FastifyInstance;
  const asked: Parameters<DashboardTableRows>[0][] = [];

  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
    const sites = createSitesService(ctx.db, { appMode: 'demo', defaultVariant: DEFAULT_VARIANT, reconnectSite: null });
    // The dashboard's figures answer the rows; here, a table of each day of the range.
    const tableRows: DashboardTableRows = async (request) => {
      asked.push(request);
      const days = daysBetween(request.range.from, request.range.to) + 1;
      return {
        sheet: request.table,
        columns: [
          { name: 'date', kind: 'date' },
          { name: 'label', kind: 'text' },
          { name: 'amount', kind: 'money' },
        ],
        rows: Array.from({ length: days }, (_, i) => [`day ${i + 1}`, '+81 3 1111 2222', 1100 * (i + 1)]),
      };
    };
    await app.register(
      consoleApi({ db: ctx.db, sites, secureCookies: false }, [dashboardExportConsoleRoutes({ db: ctx.db, tableRows })]),
      // Beside the app's own dashboard export (whose rows are the real figures), under a path of its own.
      { prefix: '/console/api/v1/port-test' },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  const memberWith = async (rights: Parameters<typeof makeTeam>[1]['rights']) => {
    const team = await makeTeam(ctx.db, { rights, venueIds: [await siteIdOf(ctx.db, 'demo')] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(app, { ip: freshAddress() });
    await signIn(client, member.email);
    return client;
  };
  const download = (client: ReturnType<typeof consoleClient>, query: string) =>
    app.inject({
      method: 'GET',
      url: `/console/api/v1/port-test/venues/demo/reports/dashboard/export?${query}`,
      headers: { cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });

  it('sends the table the port answers as a named, audited download', async () => {
    const manager = await memberWith(['reports:read']);
    const before = await lastAuditId(ctx.db);
    const response = await download(manager, 'from=2031-05-01&to=2031-05-03&format=csv&table=daily&lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="dashboard-daily-demo-2031-05-01-2031-05-03.csv"');
    expect(response.rawPayload.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'date (Asia/Tokyo),label,amount (JPY)',
      "day 1,'+81 3 1111 2222,1100",
      "day 2,'+81 3 1111 2222,2200",
      "day 3,'+81 3 1111 2222,3300",
      '',
    ]);
    expect(asked.at(-1)).toMatchObject({ range: { from: '2031-05-01', to: '2031-05-03' }, table: 'daily', lang: 'en' });
    expect(asked.at(-1)?.venue.code).toBe('demo');
    const audit = await auditSince(ctx.db, before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      object_type: 'report',
      object_id: 'dashboard',
      action: 'exported',
      venue_code: 'demo',
      changes: { report: 'dashboard', table: 'daily', range: { from: '2031-05-01', to: '2031-05-03' }, format: 'csv' },
    });
  });

  it('refuses a bad table, format or range naming the field, and a member without reports:read', async () => {
    const manager = await memberWith(['reports:read']);
    const before = await lastAuditId(ctx.db);
    const count = asked.length;
    for (const [query, field] of [
      ['from=2031-05-01&to=2031-05-03&format=csv&table=secrets', 'table'],
      ['from=2031-05-01&to=2031-05-03&format=pdf&table=daily', 'format'],
      ['from=2031-05-01&format=csv&table=daily', 'to'],
      ['from=2030-01-01&to=2031-01-02&format=xlsx&table=daily', 'to'],
    ] as const) {
      const response = await download(manager, query);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { field?: string }).field, query).toBe(field);
    }
    const other = await memberWith(['orders:read']);
    expect((await download(other, 'from=2031-05-01&to=2031-05-03&format=csv&table=daily')).statusCode).toBe(403);
    expect(asked).toHaveLength(count);
    expect((await auditSince(ctx.db, before)).filter((row) => row.object_type === 'report')).toEqual([]);
  });
});
