import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Never a blank window: a crash in a screen shows what happened and a way back. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error) {
    console.error('Screen crashed:', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={2}>This screen ran into a problem</Title>
          <Text>Your data is safe: nothing is lost when a screen fails. You can go back to the home screen or try again.</Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {this.state.error.message}
          </Text>
          <Stack gap="xs" align="flex-start">
            <Button onClick={() => this.setState({ error: null })}>Try again</Button>
            <Button variant="default" component="a" href="#/">
              Home
            </Button>
          </Stack>
        </Stack>
      </Container>
    );
  }
}
