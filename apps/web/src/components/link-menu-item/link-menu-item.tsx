import { Menu, type MenuItemProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';

export interface LinkMenuItemProps extends Omit<MenuItemProps, 'children' | 'component'> {
  title: string;
  /** An in-app route (react-router). */
  route?: To;
  /** An address outside the router; external ones open in a new tab. */
  href?: string;
  /** Force (or prevent) opening in a new tab. */
  newTab?: boolean;
  icon?: ReactNode;
}

/** Spec §5: a link menu item needs a title and either a route or an href. */
export const LINK_MENU_ITEM_ERROR = 'A link menu item needs a title and either a route or an href.';

/** Checks the rule of spec §5; returns the reason it fails, or null. Both a route and an href is ambiguous. */
export function linkMenuItemError(item: { title?: string; route?: To; href?: string }): string | null {
  const hasTitle = (item.title ?? '').trim() !== '';
  const targets = [item.route, item.href].filter((target) => target !== undefined && target !== '').length;
  return hasTitle && targets === 1 ? null : LINK_MENU_ITEM_ERROR;
}

/** An absolute http(s) address on another origin than the console's. */
function isExternalHref(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return /^https?:$/.test(url.protocol) && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A Mantine Menu item that navigates: a react-router Link for a route, an anchor for an href (new tab when
 * external, e.g. Contact Support and Help Center). Throws when the spec's rule is broken.
 */
export function LinkMenuItem({ title, route, href, newTab, icon, ...props }: LinkMenuItemProps) {
  const error = linkMenuItemError({ title, route, href });
  if (error) throw new Error(error);
  if (route !== undefined) {
    return (
      <Menu.Item {...props} component={Link} to={route} leftSection={icon}>
        {title}
      </Menu.Item>
    );
  }
  const opensNewTab = newTab ?? isExternalHref(href as string);
  return (
    <Menu.Item
      {...props}
      component="a"
      href={href}
      leftSection={icon}
      target={opensNewTab ? '_blank' : undefined}
      rel={opensNewTab ? 'noopener noreferrer' : undefined}
    >
      {title}
    </Menu.Item>
  );
}
