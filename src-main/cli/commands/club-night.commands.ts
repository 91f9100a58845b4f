import type { Command } from 'commander';
import { createApiClient, type ApiClient } from '../../../src-shared/contract/client';
import type { WireReply } from '../../../src-shared/contract/define';
import type { ClubNightStatus } from '../../../src-shared/contract/club-night.contract';
import { readRunningServer } from '../../backend/club-night/running-server';
import { CliRefusal, resolveDataDir, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';

/**
 * Club night lives in a running browser-mode server (its LAN listener and
 * live streams), so these commands talk to that server over loopback, with
 * the launch token it recorded in the data folder, instead of opening the
 * ledger themselves.
 */
async function withRunningServer<T>(g: GlobalOptions, fn: (api: ApiClient) => Promise<T>): Promise<T> {
  const dataDir = resolveDataDir(g);
  const server = readRunningServer(dataDir);
  if (!server)
    throw new CliRefusal(
      `No browser-mode server is running on ${dataDir}: start one with \`npm run serve\` (club night runs there, not in the desktop window).`,
    );
  const api = createApiClient(async (channel, input): Promise<WireReply> => {
    const res = await fetch(`${server.url}/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-aoa-token': server.token },
      body: JSON.stringify({ channel, input }),
    });
    return (await res.json()) as WireReply;
  });
  return fn(api);
}

function describeStatus(s: ClubNightStatus): string {
  if (!s.available) return 'Club night is not available here (it runs in browser mode).';
  return s.on ? `Club night is on: phones reach ${s.baseUrl} with a table’s link.` : 'Club night is off.';
}

function hours(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0.25 || n > 24) throw new CliRefusal(`--hours must be a number from 0.25 to 24, not ${text}.`);
  return n;
}

/** `club-night start|stop|status|link|revoke`: the organiser's side of club night, from a terminal. */
export function registerClubNightCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const club = program.command('club-night').description('club night: phones record their own table’s battle over the club’s network');

  subcommand(club, globals, 'start', {
    description: 'turn club night on: the running server also listens on this LAN address, for table and board links only',
    usage: { '--lan-address <addr>': ['this computer’s address on the club’s network', REQUIRED], '--lan-port <n>': 'the port (default: the server’s own)' },
    action: async (g, opts: { lanAddress: string; lanPort?: string }) => {
      const s = await withRunningServer(g, (api) =>
        api.call('clubNight.start', { lanAddress: opts.lanAddress, ...(opts.lanPort ? { port: Number(opts.lanPort) } : {}) }),
      );
      io.out(g.json ? JSON.stringify(s) : describeStatus(s));
    },
  });

  subcommand(club, globals, 'stop', {
    description: 'turn club night off: the LAN listener closes at once (links stay in the ledger until they expire or are revoked)',
    action: async (g) => {
      const s = await withRunningServer(g, (api) => api.call('clubNight.stop', {}));
      io.out(g.json ? JSON.stringify(s) : describeStatus(s));
    },
  });

  subcommand(club, globals, 'status', {
    description: 'whether club night is on, and the tables with a link',
    action: async (g) => {
      const [s, tables] = await withRunningServer(g, async (api) => [await api.call('clubNight.status', {}), await api.call('clubNight.tables', {})] as const);
      if (g.json) return io.out(JSON.stringify({ ...s, tables }));
      io.out(describeStatus(s));
      for (const t of tables)
        io.out(`${t.battleId}  ${t.players.join(' v ')}  round ${t.round || 'setup'}, ${t.status.replace('_', ' ')}, last heard ${t.lastHeardAt ?? 'never'}`);
    },
  });

  subcommand(club, globals, 'link', {
    description: 'a link for one battle’s table (shown once, with its QR code); --board for the projector’s read-only board',
    usage: { '--battle <id>': 'the battle', '--board': 'the board link instead', '--hours <n>': ['how long it lasts', '6'] },
    action: async (g, opts: { battle?: string; board?: boolean; hours?: string }) => {
      if (!opts.battle === !opts.board) throw new CliRefusal('Say which link: --battle ID for a table, or --board.');
      const h = hours(opts.hours) ?? 6;
      const link = await withRunningServer(g, (api) =>
        opts.battle ? api.call('clubNight.createTableLink', { battleId: opts.battle, hours: h }) : api.call('clubNight.createBoardLink', { hours: h }),
      );
      if (g.json) return io.out(JSON.stringify({ url: link.url, expiresAt: link.expiresAt }));
      io.out(await (await import('qrcode')).default.toString(link.url, { type: 'utf8', errorCorrectionLevel: 'M' }));
      io.out(link.url);
      io.out(`Valid until ${link.expiresAt}. This is the only time the link is shown: revoke it with \`aoa club-night revoke\`.`);
    },
  });

  subcommand(club, globals, 'revoke', {
    description: 'revoke one battle’s table links, the board’s, or every link',
    usage: { '--battle <id>': 'that battle’s table links', '--board': 'the board links', '--all': 'every link' },
    action: async (g, opts: { battle?: string; board?: boolean; all?: boolean }) => {
      const chosen = [opts.battle !== undefined, !!opts.board, !!opts.all].filter(Boolean).length;
      if (chosen !== 1) throw new CliRefusal('Say which links to revoke: --battle ID, --board or --all.');
      const which = opts.battle !== undefined ? { battleId: opts.battle } : opts.board ? { board: true as const } : { all: true as const };
      const r = await withRunningServer(g, (api) => api.call('clubNight.revoke', which));
      io.out(g.json ? JSON.stringify(r) : `${r.revoked} link${r.revoked === 1 ? '' : 's'} revoked.`);
    },
  });
}
