import { Drawer, type DrawerProps } from '@mantine/core';
import type { BattleHook } from '../useBattle';
import { OddsDrawer } from './OddsDrawer';

/** The attack odds in a drawer over the round screen, filled from the battle. */
export function OddsDrawerFrame({
  b,
  opened,
  onClose,
  ...drawer
}: { b: BattleHook; opened: boolean; onClose: () => void } & Pick<DrawerProps, 'position' | 'size'>) {
  return (
    // built from its parts so its header is a plain div (a <header> in a dialog is a second banner landmark) and its
    // close button has a name
    <Drawer.Root opened={opened} onClose={onClose} {...drawer}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>Attack odds</Drawer.Title>
          <Drawer.CloseButton aria-label="Close the attack odds" />
        </Drawer.Header>
        <Drawer.Body>
          <OddsDrawer b={b} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
