import type { MonitorPerformanceAnswer } from '@circula/model';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, TooltipComponent, type GridComponentOption, type TooltipComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatNumber } from '../../app/format';

// only bars on a grid with tooltips, on a canvas (this module is a lazily loaded chunk of its own)
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = echarts.ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** Requests and server errors per step of the period, stacked. */
export function throughputOption(points: MonitorPerformanceAnswer['throughput'], labels: { requests: string; errors: string }): Option {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => formatNumber(Number(value)) },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => formatDateTime(p.at)) },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => formatNumber(value) } },
    series: [
      { type: 'bar', stack: 'requests', name: labels.requests, data: points.map((p) => p.count - p.serverErrors) },
      { type: 'bar', stack: 'requests', name: labels.errors, data: points.map((p) => p.serverErrors), itemStyle: { color: '#cf1322' } },
    ],
  };
}

export default function ThroughputChart({ points, labels }: { points: MonitorPerformanceAnswer['throughput']; labels: { requests: string; errors: string } }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(element.current!);
    chart.setOption(throughputOption(points, labels));
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [points, labels]);
  return <div ref={element} style={{ height: 220 }} data-testid="monitor-throughput-chart" />;
}
