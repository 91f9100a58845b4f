import type { TopLevelSpec } from 'vega-lite';
import type { PlaytestReport } from '../../../src-shared/reports/aggregate';

/**
 * Vector charts for the playtest report PDF, drawn by Vega-Lite (a declarative
 * charting grammar: axes, nice ticks, grouped bars and legends come from the
 * library, not from hand-written geometry). Vega renders to an SVG string in
 * plain Node with no canvas and no browser; pdfmake's `svg` node turns it into
 * PDF vector paths, so nothing is rasterised. Text in the SVG asks for Roboto,
 * the font every printout embeds.
 *
 * Vega is loaded on first use: most sessions never print a report, and the
 * backend should not pay for the library at start-up.
 */

export interface ReportCharts {
  /** Wins, draws and losses per faction, grouped bars. */
  factions: string;
  /** Mean minutes per round, with each bar's value printed on it. */
  rounds: string;
}

const FONT = 'Roboto';
const RESULT_COLOURS = { Wins: '#2f9e44', Draws: '#868e96', Losses: '#e03131' } as const;

type VegaModules = { vega: typeof import('vega'); compile: typeof import('vega-lite').compile };
let modules: Promise<VegaModules> | null = null;
function loadVega(): Promise<VegaModules> {
  modules ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vl]) => ({ vega, compile: vl.compile }));
  return modules;
}

/** Shared look: the PDF's font, small labels, light grid, no chart border; sized to the page's text width. */
function base(width: number, height: number): Partial<TopLevelSpec> & { config: NonNullable<TopLevelSpec['config']> } {
  return {
    width,
    height,
    autosize: { type: 'fit', contains: 'padding' },
    background: 'white',
    config: {
      font: FONT,
      view: { stroke: null },
      axis: {
        labelFontSize: 8,
        titleFontSize: 8,
        titleFontWeight: 'normal',
        gridColor: '#dddddd',
        domainColor: '#444444',
        tickColor: '#444444',
        labelColor: '#222222',
        titleColor: '#444444',
      },
      legend: { labelFontSize: 8, titleFontSize: 8, orient: 'bottom', direction: 'horizontal', symbolType: 'square' },
    },
  };
}

/** Wins, draws and losses per faction (display names), side by side within each faction. */
export function factionResultsSpec(r: PlaytestReport, name: (id: string) => string, width = 515, height = 170): TopLevelSpec {
  const values = r.byFaction.flatMap((f) => [
    { faction: name(f.factionId), result: 'Wins', games: f.wins },
    { faction: name(f.factionId), result: 'Draws', games: f.draws },
    { faction: name(f.factionId), result: 'Losses', games: f.losses },
  ]);
  const order = Object.keys(RESULT_COLOURS);
  return {
    ...base(width, height),
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      // long faction names break into lines at spaces rather than being cut to fit a narrow band
      x: {
        field: 'faction',
        type: 'nominal',
        title: null,
        sort: null,
        axis: { labelAngle: 0, labelLimit: 140, labelExpr: "split(datum.label, ' ')", labelLineHeight: 9 },
      },
      xOffset: { field: 'result', type: 'nominal', sort: order },
      y: { field: 'games', type: 'quantitative', title: 'games', axis: { tickMinStep: 1 } },
      color: { field: 'result', type: 'nominal', title: null, sort: order, scale: { domain: order, range: Object.values(RESULT_COLOURS) } },
    },
  } as TopLevelSpec;
}

/** Mean minutes per round, each bar labelled with its value. */
export function roundTimesSpec(r: PlaytestReport, width = 515, height = 130): TopLevelSpec {
  const values = r.roundTimes.map((t) => ({ round: `Round ${t.round}`, minutes: Math.round((t.meanSeconds / 60) * 10) / 10 }));
  return {
    ...base(width, height),
    data: { values },
    encoding: {
      x: { field: 'round', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0 } },
      y: { field: 'minutes', type: 'quantitative', title: 'mean minutes' },
    },
    layer: [
      { mark: { type: 'bar', color: '#1971c2', width: { band: 0.6 } } },
      { mark: { type: 'text', dy: -5, fontSize: 8, color: '#222222' }, encoding: { text: { field: 'minutes', type: 'quantitative', format: '.1f' } } },
    ],
  } as TopLevelSpec;
}

/** Compiles a Vega-Lite spec and renders it headless to an SVG string. */
export async function renderChartSvg(spec: TopLevelSpec): Promise<string> {
  const { vega, compile } = await loadVega();
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Both charts of the report, ready for pdfmake `svg` nodes. */
export async function playtestReportCharts(r: PlaytestReport, name: (id: string) => string = (id) => id): Promise<ReportCharts> {
  const [factions, rounds] = await Promise.all([renderChartSvg(factionResultsSpec(r, name)), renderChartSvg(roundTimesSpec(r))]);
  return { factions, rounds };
}
