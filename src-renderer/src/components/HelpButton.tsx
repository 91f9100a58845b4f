import { Button } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { helpPath, type HelpTopic } from '../sections/help/help-topics';

/** A screen's Help button: opens its guide in the Help section, at its heading. */
export function HelpButton({ topic }: { topic: HelpTopic }) {
  return (
    <Button component={Link} to={helpPath(topic.guide, topic.at)} variant="subtle" leftSection={<IconHelp size={16} />}>
      Help
    </Button>
  );
}
