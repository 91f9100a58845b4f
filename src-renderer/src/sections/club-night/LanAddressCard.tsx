import { Alert, Autocomplete, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClubNightStatus } from '../../../../src-shared/contract/club-night.contract';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PanelCard } from '../../components/PanelCard';

/** Every address at once: never offered, and refused by the listener whoever types it. */
const EVERY_ADDRESS = '0.0.0.0';

/** What the chosen address means for who can reach it, or null when nothing needs saying. */
function addressNote(address: string): { color: string; text: string } | null {
  if (address === EVERY_ADDRESS)
    return {
      color: 'red',
      text: '0.0.0.0 is every network this computer is on at once: anyone on any of them could knock. Club night refuses it; choose the address of the club’s network.',
    };
  if (address === '127.0.0.1') return { color: 'red', text: '127.0.0.1 is this computer’s own address, kept for you; phones cannot reach it.' };
  if (address.startsWith('127.'))
    return { color: 'yellow', text: 'A 127.x.x.x address is reachable from this computer only: fine to try club night out, not for phones.' };
  return null;
}

/** Club night on or off: the LAN address phones reach (one of this computer's own), and the port. */
export function LanAddressCard({ status }: { status: ClubNightStatus }) {
  const interfaces = useApiQuery('clubNight.interfaces', {});
  const start = useApiMutation('clubNight.start');
  const stop = useApiMutation('clubNight.stop');
  const choices = interfaces.data ?? [];
  // until the organiser types, the first address on a network phones can join
  const [typed, setTyped] = useState<string | null>(null);
  const [port, setPort] = useState<number | undefined>(undefined);
  const address = typed ?? choices.find((c) => !c.internal)?.address ?? '';
  const chosen = address.trim();
  const note = addressNote(chosen);

  if (status.on)
    return (
      <PanelCard label="Club night on the club’s network" title="On the club’s network">
        <Stack gap="sm">
          <Text>
            Club night is on: phones reach <b>{status.baseUrl}</b> with a table’s link or the board’s. Without a link, that address opens nothing.
          </Text>
          <Group>
            <Button color="red" leftSection={<IconPlayerStop size={16} />} loading={stop.isPending} onClick={() => stop.mutate({})}>
              Stop club night
            </Button>
            <Text size="sm" c="dimmed" maw={520}>
              Stopping closes {status.lanAddress} at once. Links are kept until they expire or are revoked, and work again when club night is back on.
            </Text>
          </Group>
          <ErrorAlert error={stop.error} />
        </Stack>
      </PanelCard>
    );

  const byAddress = new Map(choices.map((c) => [c.address, c]));
  return (
    <PanelCard label="Turn club night on" title="Turn club night on">
      <Stack gap="sm">
        <Text size="sm">
          Choose this computer’s address on the club’s Wi-Fi: phones on that network reach it, and only with a link you give them. The app never listens on
          every network at once.
        </Text>
        <ErrorAlert error={interfaces.error} />
        <Group align="flex-end">
          <Autocomplete
            label="LAN address"
            description="One of this computer’s addresses, or type another"
            placeholder={choices.length ? 'Choose an address' : 'e.g. 192.168.1.20'}
            data={choices.map((c) => c.address)}
            renderOption={({ option }) => {
              const c = byAddress.get(option.value);
              return (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{option.value}</Text>
                  {c && (
                    <Text size="xs" c="dimmed">
                      {c.interface}
                      {c.internal ? ', this computer only' : ''}
                    </Text>
                  )}
                </Group>
              );
            }}
            value={address}
            onChange={setTyped}
            w={260}
          />
          <NumberInput
            label="Port"
            description="Empty: the same as this page’s"
            value={port ?? ''}
            onChange={(n) => setPort(typeof n === 'number' ? n : undefined)}
            min={1}
            max={65535}
            allowDecimal={false}
            w={180}
          />
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!chosen || chosen === EVERY_ADDRESS}
            loading={start.isPending}
            onClick={() => start.mutate({ lanAddress: chosen, ...(port !== undefined ? { port } : {}) })}
          >
            Start club night
          </Button>
        </Group>
        {note && (
          <Alert color={note.color} icon={<IconAlertTriangle size={18} />} role={note.color === 'red' ? 'alert' : undefined}>
            <Text size="sm">{note.text}</Text>
          </Alert>
        )}
        <ErrorAlert error={start.error} />
      </Stack>
    </PanelCard>
  );
}
