import type { ChannelOutput } from '../../../../src-shared/contract';

type Faction = ChannelOutput<'desk.report'>['figures']['factions'][number];

const ROW = 28;
const LEFT = 170;
const RIGHT = 120;
const WIDTH = 720;
const TOP = 10;
const AXIS = 30;
const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Each faction's win rate as a point with its Wilson 95% interval as whiskers, drawn as SVG (a vector, as in the
 * PDF). A faction with too few games behind it is drawn hollow and says so; the dashed line is an even chance.
 * The same figures are in the table below it, which is what a screen reader is pointed to.
 */
export function WinRateChart({ factions, name }: { factions: Faction[]; name: (id: string) => string }) {
  const rows = factions.filter((f) => f.winRate.estimate !== null);
  const plot = WIDTH - LEFT - RIGHT;
  const x = (v: number) => LEFT + v * plot;
  const height = TOP + rows.length * ROW + AXIS;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block' }}
      role="img"
      aria-label="Win rate by faction with 95% intervals; the figures are in the table below"
      data-testid="win-rate-chart"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={x(t)}
            x2={x(t)}
            y1={TOP}
            y2={TOP + rows.length * ROW}
            stroke="var(--mantine-color-default-border)"
            strokeDasharray={t === 0.5 ? '4 3' : undefined}
            strokeWidth={t === 0.5 ? 1.5 : 1}
          />
          <text x={x(t)} y={TOP + rows.length * ROW + 18} textAnchor="middle" fontSize={12} fill="var(--mantine-color-text)">
            {pct(t)}
          </text>
        </g>
      ))}
      {rows.map((f, i) => {
        const y = TOP + i * ROW + ROW / 2;
        const { estimate, lower, upper } = f.winRate;
        const colour = f.tooFew ? 'var(--mantine-color-orange-filled)' : 'var(--mantine-color-blue-filled)';
        return (
          <g key={f.factionId} data-faction={f.factionId}>
            <text x={LEFT - 8} y={y + 4} textAnchor="end" fontSize={13} fill="var(--mantine-color-text)">
              {name(f.factionId)}
            </text>
            {lower !== null && upper !== null && (
              <g stroke={colour} strokeWidth={2}>
                <line x1={x(lower)} x2={x(upper)} y1={y} y2={y} />
                <line x1={x(lower)} x2={x(lower)} y1={y - 6} y2={y + 6} />
                <line x1={x(upper)} x2={x(upper)} y1={y - 6} y2={y + 6} />
              </g>
            )}
            <circle cx={x(estimate!)} cy={y} r={5} fill={f.tooFew ? 'var(--mantine-color-body)' : colour} stroke={colour} strokeWidth={2} />
            <text x={WIDTH - RIGHT + 8} y={y + 4} fontSize={12} fill="var(--mantine-color-text)">
              {`n = ${f.n}${f.tooFew ? ', too few games' : ''}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
