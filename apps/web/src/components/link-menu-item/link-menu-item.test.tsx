import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent } from '../../test/render.tsx';
import { LINK_MENU_ITEM_ERROR, LinkMenuItem, linkMenuItemError } from './link-menu-item.tsx';

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function HelpMenu({ children }: { children: ReactNode }) {
  return (
    <>
      <Menu defaultOpened>
        <Menu.Target>
          <Button>Help</Button>
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
}

describe('LinkMenuItem', () => {
  it('navigates inside the console for a route', async () => {
    render(
      <HelpMenu>
        <LinkMenuItem title="Update Profile" route="/profile" />
      </HelpMenu>,
    );
    const item = screen.getByRole('menuitem', { name: 'Update Profile' });
    expect(item).toHaveAttribute('href', '/profile');
    expect(item).not.toHaveAttribute('target');
    await userEvent.click(item);
    expect(screen.getByText('At /profile')).toBeInTheDocument();
  });

  it('opens an external href in a new tab', () => {
    render(
      <HelpMenu>
        <LinkMenuItem title="Help Center" href="https://help.heed.test/" />
      </HelpMenu>,
    );
    const item = screen.getByRole('menuitem', { name: 'Help Center' });
    expect(item).toHaveAttribute('href', 'https://help.heed.test/');
    expect(item).toHaveAttribute('target', '_blank');
    expect(item).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps a same-site href in the tab unless asked otherwise', () => {
    render(
      <HelpMenu>
        <LinkMenuItem title="My Courses" href="/" />
        <LinkMenuItem title="Contact Support" href="/support" newTab />
      </HelpMenu>,
    );
    expect(screen.getByRole('menuitem', { name: 'My Courses' })).not.toHaveAttribute('target');
    expect(screen.getByRole('menuitem', { name: 'Contact Support' })).toHaveAttribute('target', '_blank');
  });

  it.each([
    { title: '', route: '/users' },
    { title: '   ', href: 'https://help.heed.test/' },
    { title: 'Help Center' },
    { title: 'Help Center', href: '' },
    { title: 'Both', route: '/users', href: 'https://help.heed.test/' },
  ])('refuses %j', (item) => {
    expect(linkMenuItemError(item)).toBe(LINK_MENU_ITEM_ERROR);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <HelpMenu>
          <LinkMenuItem {...item} />
        </HelpMenu>,
      ),
    ).toThrow(LINK_MENU_ITEM_ERROR);
  });
});
