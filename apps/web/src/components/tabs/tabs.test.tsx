import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent } from '../../test/render.tsx';
import { TAB_OUTSIDE_TABS_ERROR, Tab, Tabs } from './tabs.tsx';

function NotificationTabs({ onChange }: { onChange?: (value: string | null) => void }) {
  return (
    <Tabs label="Notifications" onChange={onChange}>
      <Tab value="schedule" label="Schedule">
        Schedule table
      </Tab>
      <Tab value="log" label="Delivery log">
        Delivery log table
      </Tab>
      <Tab value="archive" label="Archive" disabled>
        Archive table
      </Tab>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the first tab and its panel, the others hidden', () => {
    render(<NotificationTabs />);
    expect(screen.getByRole('tablist', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Schedule' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Schedule table');
    expect(screen.queryByText('Delivery log table')).not.toBeVisible();
  });

  it('switches panels on click and reports the value', async () => {
    const onChange = vi.fn();
    render(<NotificationTabs onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Delivery log' }));
    expect(screen.getByRole('tab', { name: 'Delivery log' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Delivery log table');
    expect(onChange).toHaveBeenCalledWith('log');
  });

  it('moves between tabs with the arrow keys, skipping disabled ones', async () => {
    const user = userEvent.setup();
    render(<NotificationTabs />);
    await user.click(screen.getByRole('tab', { name: 'Schedule' }));
    await user.keyboard('{ArrowRight}');
    const log = screen.getByRole('tab', { name: 'Delivery log' });
    expect(log).toHaveFocus();
    expect(log).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Schedule' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(log).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Archive' })).toBeDisabled();
  });

  it('keeps a single tab stop: Tab leaves the tab list from the active tab', async () => {
    const user = userEvent.setup();
    render(
      <>
        <NotificationTabs />
        <button type="button">After the tabs</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Schedule' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After the tabs' })).toHaveFocus();
  });

  it('throws when a tab item is placed outside a tabs container', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <Tab value="orphan" label="Orphan">
          Lost
        </Tab>,
      ),
    ).toThrow(TAB_OUTSIDE_TABS_ERROR);
  });
});
