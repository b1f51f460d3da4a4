/** Props of {@link Sparkline}. */
export interface SparklineProps {
  values: readonly number[];
  /** The top of the scale; the largest value when not given (a limit keeps graphs comparable). */
  max?: number;
  /** Accessible description of what is drawn. */
  label: string;
  colour?: string;
  height?: number;
}

const WIDTH = 100;

/**
 * A small line graph drawn as SVG by hand: a chart library would cost more bytes than the whole
 * page. It stretches to its container's width; the newest value is on the right.
 */
export function Sparkline({ values, max, label, colour = 'var(--panel-primary)', height = 40 }: SparklineProps) {
  const top = Math.max(max ?? 0, ...values, 1e-9);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const points = values.map((value, index) => {
    const x = values.length > 1 ? index * step : WIDTH;
    const y = height - (Math.max(0, Math.min(value, top)) / top) * (height - 2) - 1;
    return `${x.toFixed(2)},${y.toFixed(2)}`;
  });
  const line = points.join(' ');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${height}`} preserveAspectRatio="none" width="100%" height={height} style={{ display: 'block', overflow: 'visible' }}>
      {values.length > 1 ? (
        <>
          <polygon points={`0,${height} ${line} ${WIDTH},${height}`} fill={colour} fillOpacity={0.15} stroke="none" />
          <polyline points={line} fill="none" stroke={colour} strokeWidth={1.5} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
        </>
      ) : null}
    </svg>
  );
}
