/**
 * Small vector charts for PDFs, as SVG strings for pdfmake's `svg` node
 * (rendered as vector paths, never rasterised). Written by hand because the
 * app's charting library (recharts, used on screen through @mantine/charts)
 * only draws after mounting in a browser and produces no SVG server-side.
 */

export interface BarSeries {
  name: string;
  color: string;
}
export interface BarDatum {
  label: string;
  values: number[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** Grouped vertical bars with a y axis, gridlines, value-free labels and a legend. */
export function barChartSvg(data: BarDatum[], series: BarSeries[], opts: { width: number; height: number; yLabel?: string; format?: (v: number) => string }): string {
  const { width: W, height: H } = opts;
  const fmt = opts.format ?? ((v: number) => String(Math.round(v * 100) / 100));
  const left = 40, right = 8, top = 18, bottom = 34;
  const plotW = W - left - right, plotH = H - top - bottom;
  const max = niceMax(Math.max(0, ...data.flatMap((d) => d.values)));
  const y = (v: number) => top + plotH - (v / max) * plotH;
  const parts: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const v = (max / 4) * i;
    parts.push(`<line x1="${left}" y1="${y(v)}" x2="${W - right}" y2="${y(v)}" stroke="#d0d0d0" stroke-width="0.5"/>`);
    parts.push(`<text x="${left - 4}" y="${y(v) + 3}" font-size="7" text-anchor="end" fill="#444">${esc(fmt(v))}</text>`);
  }
  const groupW = data.length ? plotW / data.length : plotW;
  const barW = Math.max(2, (groupW * 0.7) / Math.max(1, series.length));
  data.forEach((d, i) => {
    const gx = left + i * groupW + groupW * 0.15;
    d.values.forEach((v, k) => {
      const h = Math.max(0, y(0) - y(v));
      parts.push(`<rect x="${gx + k * barW}" y="${y(v)}" width="${barW - 1}" height="${h}" fill="${series[k]?.color ?? '#888'}"/>`);
    });
    const label = d.label.length > 16 ? `${d.label.slice(0, 15)}…` : d.label;
    parts.push(`<text x="${left + i * groupW + groupW / 2}" y="${top + plotH + 11}" font-size="7" text-anchor="middle" fill="#222">${esc(label)}</text>`);
  });
  parts.push(`<line x1="${left}" y1="${y(0)}" x2="${W - right}" y2="${y(0)}" stroke="#444" stroke-width="0.7"/>`);
  series.forEach((s, k) => {
    const lx = left + k * 90;
    parts.push(`<rect x="${lx}" y="${H - 10}" width="8" height="8" fill="${s.color}"/>`);
    parts.push(`<text x="${lx + 11}" y="${H - 3}" font-size="7" fill="#222">${esc(s.name)}</text>`);
  });
  if (opts.yLabel) parts.push(`<text x="${left}" y="10" font-size="7" fill="#444">${esc(opts.yLabel)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}
