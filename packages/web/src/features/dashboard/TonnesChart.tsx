import type { DashboardTonnes } from '@circula/model';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatNumber } from '../../app/format';

// only what the chart draws: bars on a grid, a legend and tooltips, on a canvas (this module is its own lazily loaded chunk)
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Option = echarts.ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export interface TonnesChartProps {
  tonnes: DashboardTonnes;
  /** The "others" series' name. */
  othersLabel: string;
  /** The y axis' unit ("t"). */
  unit: string;
  /** A bar was clicked: the code's index in `tonnes.codes` and the month's in `tonnes.months`. */
  onSelect(codeIndex: number, monthIndex: number): void;
}

/** mm/yyyy, as the Italian calendar writes a month. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The chart's option: one stacked series of tonnes per code, months on the x axis. */
export function tonnesOption(tonnes: DashboardTonnes, othersLabel: string, unit: string): Option {
  return {
    tooltip: { trigger: 'item', valueFormatter: (value) => `${formatNumber(Number(value), 3)} ${unit}` },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: tonnes.months.map(monthLabel) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => `${formatNumber(value)} ${unit}` } },
    series: tonnes.codes.map((code) => ({
      type: 'bar',
      stack: 'tonnes',
      name: code.eer ?? othersLabel,
      emphasis: { focus: 'series' },
      cursor: 'pointer',
      data: code.monthlyKg.map((kg) => Math.round(kg) / 1000),
    })),
  };
}

/** Tonnes loaded per EER code and month (ECharts, stacked bars); a bar opens its ledger rows. */
export default function TonnesChart({ tonnes, othersLabel, unit, onSelect }: TonnesChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.on('click', (params) => {
      if (typeof params.seriesIndex === 'number' && typeof params.dataIndex === 'number') select.current(params.seriesIndex, params.dataIndex);
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    if (!element.current) return;
    echarts.getInstanceByDom(element.current)?.setOption(tonnesOption(tonnes, othersLabel, unit), { notMerge: true });
  }, [tonnes, othersLabel, unit]);

  return <div ref={element} data-testid="dashboard-tonnes-chart" style={{ width: '100%', height: 320 }} />;
}
