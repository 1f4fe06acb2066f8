import { describe, expect, it } from 'vitest';
import {
  chartData,
  flowOf,
  hasData,
  inFactorySeries,
  keyOfPlot,
  plotKey,
  queueTypeSlices,
  stageSeries,
  type QueueTypeReport,
} from './dashboard-series.ts';

function queueType(name: string, engine: number, fields: Partial<QueueTypeReport> = {}): QueueTypeReport {
  return {
    queue_type_name: name,
    queue_total: 0,
    in_factory_time_average: null,
    flow_engine: engine,
    average_qs_to_c: null,
    second_c_to_f: null,
    average_f_to_qf: null,
    average_qs_to_ls: null,
    average_ls_to_lf: null,
    average_lf_to_c: null,
    average_c_to_f: null,
    ...fields,
  };
}

const report: QueueTypeReport[] = [
  queueType('ส่งมันสำปะหลัง', 3, {
    queue_total: 12,
    in_factory_time_average: 7_200,
    average_qs_to_ls: 600,
    average_ls_to_lf: 2_400,
    average_lf_to_c: 300,
    average_c_to_f: 1_200,
    second_c_to_f: 1_200,
    average_f_to_qf: null,
  }),
  queueType('รับสินค้า', 2, {
    queue_total: 6,
    in_factory_time_average: 3_000,
    average_qs_to_c: 900,
    second_c_to_f: 1_500,
    average_f_to_qf: 240,
  }),
  queueType('ติดต่อทั่วไป', 1, { queue_total: 2, average_qs_to_c: 120 }),
  queueType('ยังไม่ใช้', 2),
];

describe('flows', () => {
  it('puts engines 1 and 2 in the standard flow and 3 in the lab flow', () => {
    expect([1, 2, 3].map(flowOf)).toEqual(['standard', 'standard', 'lab']);
  });
});

describe('queueTypeSlices', () => {
  it('gives each queue type with queues its share, keeping its colour index', () => {
    expect(queueTypeSlices(report)).toEqual([
      { name: 'ส่งมันสำปะหลัง', value: 12, colorIndex: 0, share: 0.6 },
      { name: 'รับสินค้า', value: 6, colorIndex: 1, share: 0.3 },
      { name: 'ติดต่อทั่วไป', value: 2, colorIndex: 2, share: 0.1 },
    ]);
  });

  it('is empty for an empty period', () => {
    expect(queueTypeSlices([queueType('A', 2)])).toEqual([]);
    expect(queueTypeSlices([])).toEqual([]);
  });
});

describe('inFactorySeries', () => {
  it('has a bar per queue type; types without exits stay null', () => {
    const s = inFactorySeries(report);
    expect(s.rows.map((r) => [r.name, r.values.in_factory_time_average])).toEqual([
      ['ส่งมันสำปะหลัง', 7_200],
      ['รับสินค้า', 3_000],
      ['ติดต่อทั่วไป', null],
      ['ยังไม่ใช้', null],
    ]);
    expect(s.max).toBe(7_200);
    expect(hasData(s)).toBe(true);
  });

  it('has no data when no truck left', () => {
    expect(hasData(inFactorySeries([queueType('A', 2, { queue_total: 3 })]))).toBe(false);
  });
});

describe('stageSeries', () => {
  it('standard flow: the types of engines 1 and 2, stages queue→call, call→finish, finish→exit', () => {
    const s = stageSeries(report, 'standard');
    expect(s.keys).toEqual(['average_qs_to_c', 'second_c_to_f', 'average_f_to_qf']);
    expect(s.rows).toEqual([
      {
        name: 'รับสินค้า',
        colorIndex: 1,
        values: { average_qs_to_c: 900, second_c_to_f: 1_500, average_f_to_qf: 240 },
      },
      {
        name: 'ติดต่อทั่วไป',
        colorIndex: 2,
        values: { average_qs_to_c: 120, second_c_to_f: null, average_f_to_qf: null },
      },
      {
        name: 'ยังไม่ใช้',
        colorIndex: 3,
        values: { average_qs_to_c: null, second_c_to_f: null, average_f_to_qf: null },
      },
    ]);
    expect(s.max).toBe(1_500);
  });

  it('lab flow: the five lab stages of engine 3 types', () => {
    const s = stageSeries(report, 'lab');
    expect(s.keys).toEqual([
      'average_qs_to_ls',
      'average_ls_to_lf',
      'average_lf_to_c',
      'average_c_to_f',
      'average_f_to_qf',
    ]);
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0]!.values).toEqual({
      average_qs_to_ls: 600,
      average_ls_to_lf: 2_400,
      average_lf_to_c: 300,
      average_c_to_f: 1_200,
      average_f_to_qf: null,
    });
    expect(s.max).toBe(2_400);
  });

  it('is empty when the branch has no type of the flow, and has no data when all stages are null', () => {
    const labless = stageSeries([queueType('B', 2)], 'lab');
    expect(labless.rows).toEqual([]);
    expect(hasData(labless)).toBe(false);
    expect(hasData(stageSeries([queueType('B', 2, { queue_total: 4 })], 'standard'))).toBe(false);
  });
});

describe('chartData', () => {
  it('draws a null as 0 but keeps the null for the label and the tooltip', () => {
    const [lab] = chartData(stageSeries(report, 'lab'));
    expect(lab!.plot.average_f_to_qf).toBe(0);
    expect(lab!.raw.average_f_to_qf).toBeNull();
    expect(lab!.plot.average_ls_to_lf).toBe(2_400);
  });

  it('names series by a data key recharts can read and back', () => {
    expect(plotKey('average_lf_to_c')).toBe('plot.average_lf_to_c');
    expect(keyOfPlot('plot.average_lf_to_c')).toBe('average_lf_to_c');
    expect(keyOfPlot('name')).toBeNull();
    expect(keyOfPlot(undefined)).toBeNull();
  });
});
