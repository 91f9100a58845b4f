import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBook2, IconPaw, IconPrinter, IconShield, IconSwords } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';

interface Action {
  to: string;
  label: string;
  hint: string;
  icon: ReactNode;
}

const ACTIONS: Action[] = [
  { to: '/play/first-mission', label: 'Play First Mission', hint: 'A guided path from two new players to a recorded first battle.', icon: <IconSwords /> },
  { to: '/builder', label: 'Build a Warband', hint: 'Recruit a Captain, Officers and squads within the points allowance.', icon: <IconShield /> },
  { to: '/armoury', label: 'Open Armoury', hint: 'Units, weapons, equipment and costs of the ruleset in use.', icon: <IconBook2 /> },
  { to: '/bestiary', label: 'Open Bestiary', hint: 'Cryptid stat cards, behaviour and province tables.', icon: <IconPaw /> },
  { to: '/reports?print=crib', label: 'Print the crib sheet', hint: 'The Field Manual on two pages, for beside the board.', icon: <IconPrinter /> },
];

export function HomePage() {
  const settings = useApiQuery('settings.get', {});
  const club = settings.data?.clubName;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{club ? `${club}: Age of Ash` : 'Age of Ash Campaign Manager'}</Title>
        <Text c="dimmed">Rules version 2.4 playtest. Build warbands, run battles at the table, keep every campaign’s ledger.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {ACTIONS.map((a) => (
          // the whole card opens it; the link is its title, so what it is called is what it says (aoa-card-link)
          <Card key={a.to} withBorder padding="lg" h="100%" className="aoa-card-link">
            <Stack gap="xs">
              <ThemeIcon size="lg" variant="light">
                {a.icon}
              </ThemeIcon>
              <UnstyledButton component={Link} to={a.to} className="aoa-card-link-target">
                <Text fw={600}>{a.label}</Text>
              </UnstyledButton>
              <Text size="sm" c="dimmed">
                {a.hint}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
