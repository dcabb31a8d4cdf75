import { useMemo } from 'react';
import { type PlotGeometry, plotOutline } from '#shared/plots/geometry.ts';
import { cn } from '#client/lib/cn.ts';

/**
 * A plot's shape drawn from its geometry (shared plotOutline), no map service: polygons filled, a point
 * as a dot. With a `label` it is an image named for screen readers; without, decoration beside text that
 * already names the plot.
 */
export function PlotOutline({
  geometries,
  size,
  label,
  className,
}: {
  geometries: readonly PlotGeometry[];
  size: number;
  label?: string;
  className?: string;
}) {
  const outline = useMemo(() => plotOutline(geometries, size), [geometries, size]);
  return (
    <svg
      viewBox={outline.viewBox}
      width={size}
      height={size}
      className={cn('shrink-0 rounded border border-line bg-soft', className)}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label && <title>{label}</title>}
      {outline.paths.map((d, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: the paths are drawn anew with their geometry
          key={i}
          d={d}
          fillRule="evenodd"
          className="fill-primary/25 stroke-primary"
          strokeWidth={Math.max(1, size / 80)}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {outline.points.map(([x, y], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the points are drawn anew with their geometry
        <circle key={i} cx={x} cy={y} r={Math.max(2, size / 16)} className="fill-primary" />
      ))}
    </svg>
  );
}
