import { Alert, Badge, Button, Card, Group, List, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CrossoverSide } from '../../../../src-shared/campaign/crossover';
import type { ChannelOutput } from '../../../../src-shared/contract';
import { useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { Choice } from '../../components/Choice';
import { CountInput } from '../../components/CountInput';

type SideState = { side: CrossoverSide | null; label: string };

/**
 * Crossover check (§13, AMB-24): a campaign veteran against a player from
 * another campaign, or against a one-off guest. Each side is picked from the
 * club's campaigns and rosters; every condition is listed with its verdict.
 * A crossover advances no campaign, so nothing is recorded here.
 */
export function CrossoverPage() {
  const [a, setA] = useState<SideState>({ side: null, label: 'First side' });
  const [b, setB] = useState<SideState>({ side: null, label: 'Second side' });
  const [campaignA, setCampaignA] = useState<string | null>(null);
  const [campaignB, setCampaignB] = useState<string | null>(null);
  const ready = !!a.side && !!b.side;
  const check = useApiQuery('campaigns.crossoverCheck', { a: a.side!, b: b.side! }, { enabled: ready });

  return (
    <>
      <PageHeader
        title="Crossover check"
        description="Can a campaign veteran play someone from another campaign, or a guest? Pick both sides to see every condition."
        actions={
          <Button variant="default" component={Link} to="/campaigns">
            Back to campaigns
          </Button>
        }
      />
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <SidePicker title="First side" onChange={setA} otherCampaignId={campaignB} onCampaign={setCampaignA} allowGuest={false} />
          <SidePicker title="Second side" onChange={setB} otherCampaignId={campaignA} onCampaign={setCampaignB} allowGuest />
        </SimpleGrid>
        <Card withBorder>
          <Title order={2} size="h3" mb="sm">
            Conditions
          </Title>
          {!ready && <Text c="dimmed">Choose both sides to check the game.</Text>}
          <ErrorAlert error={check.error} />
          {ready && check.data && <Verdict a={a.side!} b={b.side!} result={check.data} />}
        </Card>
      </Stack>
    </>
  );
}

type CheckResult = { ok: boolean; kind: 'veteran-vs-veteran' | 'guest'; failures: { code: string; message: string }[]; matchedVeteranSixes: number };

/** Every condition, passed or failed; a passed one says what was compared, a failed one the checker's reason. */
function Verdict({ a, b, result }: { a: CrossoverSide; b: CrossoverSide; result: CheckResult }) {
  const guest = result.kind === 'guest';
  const failure = (code: string) => result.failures.find((f) => f.code === code)?.message;
  const conditions = [
    {
      name: guest ? 'A veteran against a guest' : 'Same mission level',
      fail: failure('MISSION_LEVEL'),
      pass: guest ? 'One side is a campaign veteran, the other a guest with a fresh force.' : `Both veterans are at mission ${a.campaignMission}.`,
    },
    guest
      ? {
          name: "Guest fields the veteran's points",
          fail: failure('GUEST_POINTS'),
          pass: `The guest's fresh force is exactly the veteran's ${a.fieldedPoints} points.`,
        }
      : { name: 'Matched fielded points', fail: failure('FIELDED_POINTS'), pass: `Both sides field ${a.fieldedPoints} points.` },
    {
      name: 'Veteran Sixes matched or off',
      fail: failure('VETERAN_SIXES'),
      pass:
        a.veteranSixesUsed === 0
          ? 'Veteran Sixes are switched off for both sides.'
          : `Each side uses ${a.veteranSixesUsed} (at most ${result.matchedVeteranSixes} each).`,
    },
    {
      name: 'Same activation rules',
      fail: failure('MODULE_MISMATCH'),
      pass: b.altActivationModule || a.altActivationModule ? 'Both use the alternating-activation house rule.' : 'Both use the standard activation rules.',
    },
  ];
  return (
    <Stack>
      <Alert
        variant="outline"
        color={result.ok ? 'teal.9' : 'red.9'}
        title={result.ok ? 'This crossover may be played' : 'Not yet: fix the conditions marked below'}
        role="status"
      >
        A crossover game advances neither campaign; record nothing in the ledger for it.
      </Alert>
      <List spacing="sm" aria-label="Crossover conditions" listStyleType="none">
        {conditions.map((c) => (
          <List.Item
            key={c.name}
            data-condition={c.name}
            data-pass={!c.fail}
            icon={
              <ThemeIcon color={c.fail ? 'red.8' : 'teal.9'} size={22} radius="xl" aria-hidden>
                {c.fail ? <IconX size={14} /> : <IconCheck size={14} />}
              </ThemeIcon>
            }
          >
            <Group gap="xs">
              <Text fw={600}>{c.name}</Text>
              <Badge color={c.fail ? 'red.8' : 'teal.9'} variant="outline">
                {c.fail ? 'fails' : 'passes'}
              </Badge>
            </Group>
            <Text size="sm">{c.fail ?? c.pass}</Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

type ActiveCampaign = ChannelOutput<'campaigns.list'>[number];

/**
 * What a side's choices amount to: a guest with the points fielded, a veteran with its mission, points and Veteran
 * Sixes read from the ledger, or (while something is still missing) no side yet.
 */
function pickedSide(p: {
  mode: 'veteran' | 'guest';
  title: string;
  guestName: string;
  points: number | string;
  used: number;
  campaign: ActiveCampaign | undefined;
  seat: ActiveCampaign['seats'][number] | undefined;
  held: number;
  inventoryRead: boolean;
  detail: ChannelOutput<'campaigns.get'> | undefined;
}): SideState {
  const pts = typeof p.points === 'number' ? p.points : Number.NaN;
  if (p.mode === 'guest')
    return {
      label: p.guestName || 'Guest',
      side: Number.isInteger(pts)
        ? { name: p.guestName.trim() || 'The guest', campaignMission: null, fieldedPoints: pts, veteranSixesHeld: 0, veteranSixesUsed: p.used }
        : null,
    };
  if (!p.campaign || !p.seat || !Number.isInteger(pts) || !p.inventoryRead || !p.detail) return { label: p.title, side: null };
  return {
    label: p.seat.playerName,
    side: {
      name: p.seat.playerName,
      campaignMission: p.campaign.currentMission,
      fieldedPoints: pts,
      veteranSixesHeld: p.held,
      veteranSixesUsed: p.used,
      altActivationModule: p.detail.options.altActivationModule,
    },
  };
}

/** A campaign's players to pick from, each with their faction. */
const seatOptions = (campaign: ActiveCampaign | undefined) =>
  (campaign?.seats ?? []).map((s) => ({ value: s.playerId, label: `${s.playerName} (${s.factionName})` }));

/** A player's rosters to pick from, each with its points and whether it is legal yet. */
const rosterOptions = (rosters: ChannelOutput<'rosters.list'> | undefined) =>
  (rosters ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.points} pts${r.valid ? '' : ', not legal yet'})` }));

/** One side: a player's campaign and roster (their mission, points and Veteran Sixes read from the ledger), or a guest. */
function SidePicker({
  title,
  onChange,
  otherCampaignId,
  onCampaign,
  allowGuest,
}: {
  title: string;
  onChange: (s: SideState) => void;
  otherCampaignId: string | null;
  onCampaign: (id: string | null) => void;
  allowGuest: boolean;
}) {
  const [mode, setMode] = useState<'veteran' | 'guest'>('veteran');
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [rosterId, setRosterId] = useState<string | null>(null);
  const [points, setPoints] = useState<number | string>('');
  const [used, setUsed] = useState(0);
  const [guestName, setGuestName] = useState('');

  const campaigns = useApiQuery('campaigns.list', { status: 'active', sort: 'name' });
  const campaign = campaigns.data?.find((c) => c.id === campaignId);
  const rosters = useApiQuery(
    'rosters.list',
    { campaignId: campaignId ?? undefined, playerId: playerId ?? undefined },
    { enabled: !!campaignId && !!playerId },
  );
  const inventory = useApiQuery('ledger.inventory', { campaignId: campaignId ?? '', playerId: playerId ?? '' }, { enabled: !!campaignId && !!playerId });
  const detail = useApiQuery('campaigns.get', { id: campaignId ?? '' }, { enabled: !!campaignId });
  // Veteran Sixes refresh every battle: what the side holds is the sum over its ranked formations
  const held = inventory.data?.inventory.formations.reduce((n, f) => n + f.veteranSixes, 0) ?? 0;
  const seat = campaign?.seats.find((s) => s.playerId === playerId);

  useEffect(() => onCampaign(mode === 'veteran' ? campaignId : null), [mode, campaignId, onCampaign]);
  useEffect(
    () => onChange(pickedSide({ mode, title, guestName, points, used, campaign, seat, held, inventoryRead: !!inventory.data, detail: detail.data })),
    [mode, campaign, seat, points, used, guestName, held, inventory.data, detail.data, onChange, title],
  );

  const id = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <Card withBorder aria-labelledby={`${id}-title`}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          {allowGuest && (
            <Choice label={`${title}: veteran or guest`} value={mode} onChange={setMode} options={{ veteran: 'Campaign veteran', guest: 'One-off guest' }} />
          )}
        </Group>
        {mode === 'guest' ? (
          <TextInput label={`${title}: guest's name`} value={guestName} onChange={(e) => setGuestName(e.currentTarget.value)} maxLength={80} />
        ) : (
          <>
            <Select
              label={`${title}: campaign`}
              placeholder="Choose an active campaign"
              searchable
              data={(campaigns.data ?? [])
                .filter((c) => c.id !== otherCampaignId)
                .map((c) => ({ value: c.id, label: `${c.name} (mission ${c.currentMission})` }))}
              value={campaignId}
              onChange={(v) => {
                setCampaignId(v);
                setPlayerId(null);
                setRosterId(null);
              }}
            />
            <Select
              label={`${title}: player`}
              placeholder={campaign ? 'Choose the player' : 'Choose the campaign first'}
              disabled={!campaign}
              data={seatOptions(campaign)}
              value={playerId}
              onChange={(v) => {
                setPlayerId(v);
                setRosterId(null);
              }}
            />
            <Select
              label={`${title}: roster`}
              description="Its points fill in the fielded points; change them if a smaller force is deployed."
              placeholder={rosters.data?.length === 0 ? 'No roster for this campaign yet' : 'Choose a roster'}
              disabled={!playerId || !rosters.data?.length}
              data={rosterOptions(rosters.data)}
              value={rosterId}
              onChange={(v) => {
                setRosterId(v);
                const r = rosters.data?.find((x) => x.id === v);
                if (r) setPoints(r.points);
              }}
              clearable
            />
            {seat && (
              <Text size="sm" c="dimmed">
                Mission {campaign?.currentMission} · allowance {seat.allowance} RP · holds {held} Veteran Six{held === 1 ? '' : 'es'}
              </Text>
            )}
          </>
        )}
        <Group grow>
          <NumberInput label={`${title}: fielded points`} min={0} max={10000} allowDecimal={false} value={points} onChange={setPoints} />
          <CountInput label={`${title}: Veteran Sixes used`} description="0 switches them off" max={100} value={used} onChange={setUsed} />
        </Group>
      </Stack>
    </Card>
  );
}
