import { Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { cryptidStartingWounds, enragedAtOrBelow } from '../../../../src-shared/ruleset/lookup';
import { isProvisional } from '../../../../src-shared/ruleset/pack-facts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { ProvisionalMark } from '../../components/ProvisionalMark';
import { usePackVersion } from '../armoury/usePackVersion';
import { VersionPicker } from '../armoury/VersionPicker';
import { CryptidCard } from './CryptidCard';
import { CryptidEditModal } from './CryptidEditModal';
import { ProvinceEditModal } from './ProvinceEditModal';
import { EncounterProcedure } from './EncounterProcedure';
import { ProvinceTables } from './ProvinceTables';

/** The Bestiary: how cryptids behave, each creature's card and the province tables, from the selected pack. */
export function BestiaryPage() {
  const { versions, selectedId, pack, select } = usePackVersion();
  const [openId, setOpenId] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('cryptids');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [editingProvince, setEditingProvince] = useState<string | null>(null);
  const p = pack.data?.pack;
  const open = p?.cryptids.find((c) => c.id === openId);
  const editing = p?.cryptids.find((c) => c.id === editingId);

  return (
    <>
      <PageHeader
        title="Bestiary"
        description="Cryptids belong to neither player. Here is how they arrive and behave, what each one can do and where it lives."
        actions={versions.data && <VersionPicker versions={versions.data} value={selectedId} onChange={select} />}
      />
      <ErrorAlert error={versions.error ?? pack.error} />
      {pack.isLoading && <Loader size="sm" />}
      {p && (
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            <Tabs.Tab value="cryptids">Creatures</Tabs.Tab>
            <Tabs.Tab value="procedure">Encounter procedure</Tabs.Tab>
            <Tabs.Tab value="provinces">Province tables</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="cryptids">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {p.cryptids.map((c) => {
                const w = cryptidStartingWounds(p, c);
                return (
                  // the whole card opens it; the button is its title, named "Open the … card" around the visible name
                  <Card key={c.id} withBorder padding="sm" h="100%" className="aoa-card-link">
                    <Group justify="space-between" wrap="nowrap">
                      <UnstyledButton onClick={() => setOpenId(c.id)} aria-label={`Open the ${c.name} card`} className="aoa-card-link-target">
                        <Text fw={700}>{c.name}</Text>
                      </UnstyledButton>
                      <Group gap={4}>
                        {c.class === 'boss' && (
                          <Badge variant="default" c="var(--aoa-text-bad)" size="sm">
                            Boss
                          </Badge>
                        )}
                        {isProvisional(c) && <ProvisionalMark what={c.name} />}
                      </Group>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {w} Wounds · Enraged at {enragedAtOrBelow(w, p.options.enragedThreshold)} · {c.instinct.name}
                    </Text>
                    <Text size="xs" mt={4}>
                      Trophy: {c.trophy.name}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="procedure">
            <EncounterProcedure pack={p} />
          </Tabs.Panel>
          <Tabs.Panel value="provinces">
            <Stack>
              <Text size="sm" c="dimmed">
                The battlefield province decides which three creatures can answer a cryptid result; each pair of D6 faces is equally likely. With eleven
                creatures and three slots per province, some creatures roam more than one.
              </Text>
              <ProvinceTables pack={p} onOpen={setOpenId} onEdit={setEditingProvince} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
      {p && open && (
        <Modal opened onClose={() => setOpenId(null)} title={open.name} size="lg">
          <CryptidCard pack={p} cryptid={open} />
          <Group justify="flex-end" mt="md">
            <Button
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => {
                setEditingId(open.id);
                setOpenId(null);
              }}
            >
              Edit this card
            </Button>
          </Group>
        </Modal>
      )}
      {p && editingProvince && selectedId !== undefined && (
        <ProvinceEditModal
          pack={p}
          baseVersionId={selectedId}
          provinceId={editingProvince}
          onClose={() => setEditingProvince(null)}
          onSaved={(id) => {
            setEditingProvince(null);
            select(id);
          }}
        />
      )}
      {p && editing && selectedId !== undefined && (
        <CryptidEditModal
          pack={p}
          baseVersionId={selectedId}
          cryptid={editing}
          onClose={() => setEditingId(null)}
          onSaved={(id) => {
            setEditingId(null);
            select(id);
            setOpenId(editing.id);
          }}
        />
      )}
    </>
  );
}
