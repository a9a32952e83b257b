import { Alert, Card } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';

/** A widget that throws while drawing shows this instead, and the rest of the dashboard stays. */
export class WidgetBoundary extends Component<{ title: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Card withBorder radius="md" padding="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`${this.props.title} could not be shown`}
        >
          Reload the page to try again.
        </Alert>
      </Card>
    );
  }
}
